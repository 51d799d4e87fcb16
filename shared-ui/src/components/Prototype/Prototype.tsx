import { useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing } from '../focusRing';
import { Input } from '../../forms/primitives/Input';
import { Badge } from '../Badge/Badge';
import { Button } from '../Button/Button';
import { Card } from '../Card/Card';
import { autoGrid } from '../Layout/autoGrid';
import { plainList } from '../Layout/Stack';
import { Modal } from '../Modal/Modal';
import { Text } from '../Typography/Typography';

/** Prototype screens open with this notice: they preview a layout and do nothing real yet. */
export function PrototypeNotice({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const close = () => setOpen(false);
  return (
    <Modal
      open={open}
      title="Prototype — UI only"
      onClose={close}
      footer={
        <Button type="button" onClick={close}>
          Got it
        </Button>
      }
    >
      {children}
    </Modal>
  );
}

/** A page title marked as a preview, so nobody takes its sample figures for their own. */
export function PreviewTitle({ children }: { children: ReactNode }) {
  return (
    <TitleRow>
      {children}
      <Badge tone="warning">Preview</Badge>
    </TitleRow>
  );
}

const TitleRow = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
`;

export interface ExamplePromptsProps {
  prompts: readonly string[];
  /** When given, each prompt is a button (e.g. filling the message box). */
  onPick?: (prompt: string) => void;
}

/** The grid of example questions of the chat prototypes. */
export function ExamplePrompts({ prompts, onPick }: ExamplePromptsProps) {
  return (
    <Prompts aria-label="Example prompts">
      {prompts.map((prompt) => (
        <li key={prompt}>
          {onPick ? (
            <PromptButton type="button" onClick={() => onPick(prompt)}>
              {prompt}
            </PromptButton>
          ) : (
            <PromptCard>
              <Text size="sm">{prompt}</Text>
            </PromptCard>
          )}
        </li>
      ))}
    </Prompts>
  );
}

const Prompts = styled.ul`
  ${autoGrid('min(100%, 240px)', 3, 'auto-fill')}
  ${plainList}
  margin-bottom: ${({ theme }) => theme.spacing(6)};
`;

const PromptCard = styled(Card)`
  height: 100%;
`;

const PromptButton = styled.button`
  width: 100%;
  height: 100%;
  padding: ${({ theme }) => theme.spacing(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: left;
  cursor: pointer;

  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
  }

  ${focusRing()}
`;

export interface ChatComposerProps {
  value?: string;
  onChange?: (value: string) => void;
  onSend?: (message: string) => void;
  placeholder: string;
  buttonLabel: string;
}

/** The message box of the chat prototypes; without onSend, sending does nothing. */
export function ChatComposer({
  value,
  onChange,
  onSend,
  placeholder,
  buttonLabel,
}: ChatComposerProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = value?.trim();
    if (message && onSend) onSend(message);
  };
  return (
    <Composer onSubmit={submit}>
      <Input
        aria-label="Message"
        placeholder={placeholder}
        value={value}
        onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
      />
      <Button type="submit">{buttonLabel}</Button>
    </Composer>
  );
}

const Composer = styled.form`
  display: flex;
  gap: ${({ theme }) => theme.spacing(2)};

  ${({ theme }) => theme.media.mobile} {
    flex-direction: column;
  }
`;
