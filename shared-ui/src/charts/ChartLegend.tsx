import styled from 'styled-components';

export interface LegendItem {
  label: string;
  color: string;
  /** What the part holds, e.g. '408 · 24.1%'. */
  detail?: string;
}

/**
 * A chart's legend as text on the page rather than on the canvas: screen readers read it, it
 * wraps on a phone instead of shrinking, and it can carry each part's value.
 */
export function ChartLegend({ items, label }: { items: readonly LegendItem[]; label: string }) {
  return (
    <List aria-label={label}>
      {items.map((item) => (
        <li key={item.label}>
          <Swatch aria-hidden="true" style={{ background: item.color }} />
          <span>{item.label}</span>
          {item.detail !== undefined && <Detail>{item.detail}</Detail>}
        </li>
      ))}
    </List>
  );
}

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => `${theme.spacing(1)} ${theme.spacing(4)}`};
  margin: ${({ theme }) => `${theme.spacing(2)} 0`};
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.spacing(1.5)};
  }
`;

const Swatch = styled.span`
  width: 10px;
  height: 10px;
  border-radius: 50%;
  flex: none;
`;

const Detail = styled.span`
  color: ${({ theme }) => theme.colors.text};
  font-variant-numeric: tabular-nums;
`;
