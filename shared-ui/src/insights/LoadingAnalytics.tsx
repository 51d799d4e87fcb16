import styled, { keyframes } from 'styled-components';

/** What an analytics screen shows while its figures load. */
export function LoadingAnalytics() {
  return (
    <Root role="status">
      <Ring aria-hidden="true" />
      Loading analytics...
    </Root>
  );
}

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Ring = styled.span`
  width: 20px;
  height: 20px;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.7s linear infinite;
`;

const Root = styled.p`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.spacing(3)};
  padding: ${({ theme }) => theme.spacing(12)} 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;
