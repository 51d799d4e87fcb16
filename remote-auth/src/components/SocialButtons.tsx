import styled from 'styled-components';
import { Button } from 'shared-ui';

/** One path of a provider's logo, drawn on a 24×24 grid in the provider's own colour. */
type MarkPath = { fill: string; d: string };

const PROVIDERS: readonly { name: string; mark: readonly MarkPath[] }[] = [
  {
    name: 'Google',
    mark: [
      {
        fill: '#4285F4',
        d: 'M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7Z',
      },
      {
        fill: '#34A853',
        d: 'M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2a7.2 7.2 0 0 1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z',
      },
      { fill: '#FBBC05', d: 'M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z' },
      {
        fill: '#EA4335',
        d: 'M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c1-2.9 3.6-4.9 6.7-4.9Z',
      },
    ],
  },
  {
    name: 'Facebook',
    mark: [
      {
        fill: '#1877F2',
        d: 'M24 12a12 12 0 1 0-13.9 11.9v-8.4h-3V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12Z',
      },
    ],
  },
];

/**
 * 'Continue With Google' and 'Continue With Facebook'. They have no behaviour in
 * the product, so they are plain type="button" buttons that never submit the form around them.
 */
export function SocialButtons() {
  return (
    <Root>
      <Divider>
        <span>or</span>
      </Divider>
      {PROVIDERS.map(({ name, mark }) => (
        <Button
          key={name}
          type="button"
          variant="secondary"
          fullWidth
          icon={<ProviderMark paths={mark} />}
        >
          {`Continue With ${name}`}
        </Button>
      ))}
    </Root>
  );
}

function ProviderMark({ paths }: { paths: readonly MarkPath[] }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      {paths.map(({ fill, d }) => (
        <path key={d} fill={fill} d={d} />
      ))}
    </svg>
  );
}

const Root = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(3)};
`;

const Divider = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(3)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  &::before,
  &::after {
    content: '';
    flex: 1;
    height: 1px;
    background: ${({ theme }) => theme.colors.border};
  }
`;
