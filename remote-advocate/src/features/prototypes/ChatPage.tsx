import { useState } from 'react';
import styled from 'styled-components';
import { Button, Card, PageHeader, Text } from 'shared-ui';
import { ChatComposer, ExamplePrompts, PreviewTitle, PrototypeNotice } from 'shared-ui/workspace';

export const ADVOCATE_PROMPTS = [
  'Which of my links earned the most this month?',
  'Write a short post for my newest campaign',
  'When do my followers click the most?',
  'Which campaigns pay the best reward?',
  'How can I raise my conversion rate?',
  'Summarise my clicks and conversions this week',
] as const;

/** The reply the preview gives to anything: it answers nothing yet and calls no server. */
export const PREVIEW_REPLY = 'This chat is a preview: answers are not available yet.';

interface Message {
  id: number;
  from: 'you' | 'assistant';
  text: string;
}

/** Chat (/advocate/chat): a prototype; messages stay on this screen and are never sent. */
export function ChatPage() {
  const [draft, setDraft] = useState('');
  const [messages, setMessages] = useState<Message[]>([]);

  const send = (text: string) => {
    setMessages((current) => [
      ...current,
      { id: current.length, from: 'you', text },
      { id: current.length + 1, from: 'assistant', text: PREVIEW_REPLY },
    ]);
    setDraft('');
  };

  return (
    <>
      <PrototypeNotice>
        <Text>
          The chat will answer questions about your campaigns, links and earnings. This screen
          previews the layout; nothing you type leaves this page.
        </Text>
      </PrototypeNotice>
      <PageHeader
        title={<PreviewTitle>Chat</PreviewTitle>}
        subtitle="Ask about your campaigns in plain words."
        actions={
          <>
            <Button
              type="button"
              variant="secondary"
              disabled={messages.length === 0}
              onClick={() => setMessages([])}
            >
              Clear chat
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setMessages([]);
                setDraft('');
              }}
            >
              New Chat
            </Button>
          </>
        }
      />
      {messages.length === 0 ? (
        <ExamplePrompts prompts={ADVOCATE_PROMPTS} onPick={setDraft} />
      ) : (
        <Conversation as="section" aria-label="Conversation">
          <ol>
            {messages.map((message) => (
              <Bubble key={message.id} $mine={message.from === 'you'}>
                <Text size="xs" muted as="span">
                  {message.from === 'you' ? 'You' : 'Assistant'}
                </Text>
                <Text>{message.text}</Text>
              </Bubble>
            ))}
          </ol>
        </Conversation>
      )}
      <ChatComposer
        value={draft}
        onChange={setDraft}
        onSend={send}
        placeholder="Type your message"
        buttonLabel="Send"
      />
    </>
  );
}

const Conversation = styled(Card)`
  margin-bottom: ${({ theme }) => theme.spacing(4)};

  ol {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.spacing(3)};
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

const Bubble = styled.li<{ $mine: boolean }>`
  align-self: ${({ $mine }) => ($mine ? 'flex-end' : 'flex-start')};
  max-width: min(80%, 560px);
  padding: ${({ theme }) => theme.spacing(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $mine }) => ($mine ? theme.colors.surfaceAlt : theme.colors.surface)};
`;
