import styled from 'styled-components';

interface PersonCellProps {
  /** Signed URL of the profile picture; without one, the name's initial stands in. */
  pictureUrl: string | null;
  name: string;
  /** A second, muted line: an email, or a profile name beside a username. */
  detail?: string | null;
}

/** An advocate in a table cell: picture (or initial), name, and an optional muted line. */
export function PersonCell({ pictureUrl, name, detail }: PersonCellProps) {
  return (
    <Who>
      {pictureUrl ? (
        <Picture src={pictureUrl} alt="" width={32} height={32} />
      ) : (
        <Initial aria-hidden="true">{name.charAt(0).toUpperCase()}</Initial>
      )}
      <Lines>
        <strong>{name}</strong>
        {detail && <Muted>{detail}</Muted>}
      </Lines>
    </Who>
  );
}

const Who = styled.span`
  display: flex;
  align-items: center;
  gap: 10px;
`;

const Picture = styled.img`
  width: 32px;
  height: 32px;
  border-radius: 50%;
  object-fit: cover;
  flex: none;
`;

const Initial = styled.span`
  display: inline-grid;
  flex: none;
  place-items: center;
  width: 32px;
  height: 32px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Lines = styled.span`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;
