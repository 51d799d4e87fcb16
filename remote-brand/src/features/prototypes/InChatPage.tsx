import styled from 'styled-components';
import { Button, Card, Input, PageHeader, Text } from 'shared-ui';
import { PrototypeNotice } from './PrototypeNotice';

// Nine example prompts, as SPEC 2.4 describes the chat prototype.
export const EXAMPLE_PROMPTS = [
  'Which campaign brought the most sales last month?',
  'Who are my top five advocates by revenue?',
  'Draft a launch message for my new product',
  'Which products convert best from social traffic?',
  'Suggest a reward rate for a spring campaign',
  'Summarise this week’s clicks and conversions',
  'Which advocates have gone quiet lately?',
  'Compare my campaigns’ cost per conversion',
  'What should my next campaign focus on?',
] as const;

/** InChat (SPEC 2.4): a chat prototype; nothing here is wired to anything yet. */
export function InChatPage() {
  return (
    <>
      <PrototypeNotice>
        <Text>
          InChat will answer questions about your brands, campaigns and advocates. This screen
          previews the layout; nothing is sent or answered yet.
        </Text>
      </PrototypeNotice>
      <PageHeader
        title="InChat"
        subtitle="Ask about your campaigns in plain words."
        actions={
          <>
            <Button type="button" variant="secondary">
              New Chat
            </Button>
            <Button type="button" variant="secondary">
              Export
            </Button>
          </>
        }
      />
      <Prompts aria-label="Example prompts">
        {EXAMPLE_PROMPTS.map((prompt) => (
          <li key={prompt}>
            <PromptCard>
              <Text size="sm">{prompt}</Text>
            </PromptCard>
          </li>
        ))}
      </Prompts>
      <Composer onSubmit={(event) => event.preventDefault()}>
        <Input aria-label="Message" placeholder="Let the magic begin" />
        <Button type="submit">Ask a question</Button>
      </Composer>
    </>
  );
}

const Prompts = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.spacing(3)};
  margin: 0 0 ${({ theme }) => theme.spacing(6)};
  padding: 0;
  list-style: none;
`;

const PromptCard = styled(Card)`
  height: 100%;
`;

const Composer = styled.form`
  display: flex;
  gap: ${({ theme }) => theme.spacing(2)};

  ${({ theme }) => theme.media.mobile} {
    flex-direction: column;
  }
`;
