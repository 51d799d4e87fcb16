import styled from 'styled-components';
import { FormGrid, NumberField, Text } from 'shared-ui';

/** The amounts of a test conversion; the event type and currency are fixed. */
export function ConversionFields() {
  return (
    <FormGrid>
      <NumberField name="value" label="Order value (USD)" min={0} step={0.01} />
      <NumberField
        name="rewardAmount"
        label="Reward amount (USD)"
        min={0}
        step={0.01}
        hint="Leave empty to apply the campaign's reward rule"
      />
      <Fixed size="sm" muted>
        Sent as a <strong>purchase</strong> in <strong>USD</strong> with a new conversionRef each
        time.
      </Fixed>
    </FormGrid>
  );
}

const Fixed = styled(Text)`
  grid-column: 1 / -1;
`;
