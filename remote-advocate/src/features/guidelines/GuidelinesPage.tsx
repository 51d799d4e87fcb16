import { Link } from 'shared-ui/router';
import styled, { css } from 'styled-components';
import { PageHeader } from 'shared-ui';
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
      <StepNumber aria-hidden="true">{number}</StepNumber>
      <Title>{step.title}</Title>
      <Body>{step.text}</Body>
      {step.to && <Cta aria-hidden="true">Browse campaigns →</Cta>}
    </>
  );
  // A tile that goes somewhere is one link, so the whole card is the target.
  return step.to ? <LinkTile to={step.to}>{content}</LinkTile> : <Tile>{content}</Tile>;
}

const Steps = styled.ol`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.spacing(4)};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
  }
`;

const tile = css`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(2)};
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

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
`;

const StepNumber = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  height: 32px;
  border-radius: 50%;
  background: color-mix(in srgb, ${({ theme }) => theme.colors.primary} 14%, transparent);
  color: ${({ theme }) => theme.colors.primary};
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
