import type { ReactNode } from 'react';
import styled from 'styled-components';
import { normaliseError } from 'shared-api';
import { Button, useToast } from 'shared-ui';

/** An advocate a code may be given to. */
export interface CodeAdvocate {
  id: number;
  username: string;
}

/** The advocates as a select's options, after a prompt. */
export const advocateOptions = (advocates: readonly CodeAdvocate[]) => [
  { value: '', label: 'Choose an advocate' },
  ...advocates.map((a) => ({ value: String(a.id), label: a.username })),
];

/**
 * Codes given to advocates (Stripe promotion codes, Paddle and Shopify discount codes), each with
 * a button that takes it back; `remove` is the mutation's call, `removed` the toast it earns.
 */
export function GivenCodeList<T extends { code: string }>({
  label,
  codes,
  keyOf = (c) => c.code,
  describe,
  remove,
  removed,
}: {
  label: string;
  codes: readonly T[];
  keyOf?: (code: T) => string;
  /** What follows the code on its line (its provider, its advocate). */
  describe?: (code: T) => ReactNode;
  remove: (code: T) => Promise<unknown>;
  removed: string;
}) {
  const toast = useToast();
  const drop = async (code: T) => {
    try {
      await remove(code);
      toast.success(removed);
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to remove the code'));
    }
  };
  return (
    <CodeList aria-label={label}>
      {codes.map((c) => (
        <li key={keyOf(c)}>
          <code>{c.code}</code>
          {describe?.(c)}
          <Button
            type="button"
            size="sm"
            variant="secondary"
            aria-label={`Remove ${c.code}`}
            onClick={() => void drop(c)}
          >
            Remove
          </Button>
        </li>
      ))}
    </CodeList>
  );
}

const CodeList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.spacing(1)};

  > li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.spacing(2)};
    flex-wrap: wrap;
  }
`;
