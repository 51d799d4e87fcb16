import { Link } from 'shared-ui/router';
import styled, { css } from 'styled-components';
import { PageHeader, autoGrid, plainList, stackLayout, focusRing, IconTile } from 'shared-ui';
import { advocatePaths } from '../../paths';
import { GUIDELINE_STEPS, type GuidelineStep } from './steps';

/** How advocating works, in four steps. The Join Campaign tile opens the list. */
export function GuidelinesPage() {
  return (
    <>
      <PageHeader
        title="Guidelines"
        subtitle="Four steps from signing up to earning from the campaigns you promote."
      />
      <Steps>
        {GUIDELINE_STEPS(advocatePaths.campaigns).map((step, index) => (
          <li key={step.title}>
            <StepTile step={step} number={index + 1} />
          </li>
        ))}
      </Steps>
    </>
  );
}

function StepTile({ step, number }: { step: GuidelineStep; number: number }) {
  const content = (
    <>
      <StepNumber aria-hidden="true" $size={32} $radius="round">
        {number}
      </StepNumber>
      <Title>{step.title}</Title>
      <Body>{step.text}</Body>
      {step.to && <Cta aria-hidden="true">Browse campaigns →</Cta>}
    </>
  );
  // A tile that goes somewhere is one link, so the whole card is the target.
  return step.to ? <LinkTile to={step.to}>{content}</LinkTile> : <Tile>{content}</Tile>;
}

const Steps = styled.ol`
  ${autoGrid('220px', 4)}
  ${plainList}

  li {
    display: flex;
  }
`;

const tile = css`
  ${stackLayout(2)}
  flex: 1;
  padding: ${({ theme }) => theme.spacing(5)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

const Tile = styled.div`
  ${tile}
`;

const LinkTile = styled(Link)`
  ${tile}
  border-color: ${({ theme }) => theme.colors.primary};
  text-decoration: none;
  transition: box-shadow 0.15s ease;

  &:hover {
    box-shadow: ${({ theme }) => theme.shadows.md};
  }

  ${focusRing('primary')}
`;

const StepNumber = styled(IconTile)`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Body = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Cta = styled.span`
  margin-top: auto;
  color: ${({ theme }) => theme.colors.primary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;
