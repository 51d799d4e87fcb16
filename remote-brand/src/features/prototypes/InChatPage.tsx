import { Button, PageHeader, Text } from 'shared-ui';
import { ChatComposer, ExamplePrompts, PrototypeNotice } from 'shared-ui/workspace';

// Nine example prompts, as the chat prototype shows them.
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

/** InChat: a chat prototype; nothing here is wired to anything yet. */
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
      <ExamplePrompts prompts={EXAMPLE_PROMPTS} />
      <ChatComposer placeholder="Let the magic begin" buttonLabel="Ask a question" />
    </>
  );
}
