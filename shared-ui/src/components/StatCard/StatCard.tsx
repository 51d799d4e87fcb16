import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Card, IconTile, splitRow } from 'shared-ui';

export type ChangeTone = 'positive' | 'negative' | 'neutral';

export interface StatCardProps {
  title: string;
  value: ReactNode;
  /** Short change figure, e.g. '+12.5%'. */
  change?: string;
  changeTone?: ChangeTone;
  /** Muted text after the change, e.g. 'from last period'. */
  hint?: ReactNode;
  icon?: ReactNode;
  /** Slot under the figures, e.g. a compact BarChart. */
  children?: ReactNode;
  className?: string;
}

export function StatCard({
  title,
  value,
  change,
  changeTone = 'neutral',
  hint,
  icon,
  children,
  className,
}: StatCardProps) {
  const titleId = useId();
  return (
    <Root as="section" aria-labelledby={titleId} className={className}>
      <Top>
        <Title id={titleId}>{title}</Title>
        {icon && (
          <IconTile aria-hidden="true" $size={32} $radius="md" $tint={12}>
            {icon}
          </IconTile>
        )}
      </Top>
      <Value>{value}</Value>
      {(change || hint) && (
        <Meta>
          {change && <Change $tone={changeTone}>{change}</Change>}
          {hint && <span>{hint}</span>}
        </Meta>
      )}
      {children && <Slot>{children}</Slot>}
    </Root>
  );
}

const Root = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(2)};
  /* A grid cell may shrink below its figure's width; the figure then wraps, not the page. */
  min-width: 0;
`;

const Top = styled.div`
  ${splitRow(0, 2)}
`;

// A level-2 heading: stat cards sit right under a screen's title (h1), and skipping a level
// leaves screen-reader users guessing what the cards belong to.
const Title = styled.h2`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const Value = styled.p`
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  font-variant-numeric: tabular-nums;
  letter-spacing: -0.02em;
  line-height: 1.2;
  overflow-wrap: anywhere;

  /* Two cards a row on a phone: '$10,645.00' at 28 px is wider than half of 390 px. */
  ${({ theme }) => theme.media.mobile} {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(1.5)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Change = styled.span<{ $tone: ChangeTone }>`
  color: ${({ theme, $tone }) =>
    $tone === 'positive'
      ? theme.colors.success
      : $tone === 'negative'
        ? theme.colors.danger
        : theme.colors.textMuted};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const Slot = styled.div`
  margin-top: ${({ theme }) => theme.spacing(2)};
  min-width: 0;
`;
