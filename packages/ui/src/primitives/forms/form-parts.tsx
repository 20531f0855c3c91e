import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Callout } from '../callout';
import { CheckCircleIcon } from '../../foundations/icons';
import { color, stack } from '../../foundations/theme/design-tokens';

/** A form's fields, buttons and messages, stacked at the house spacing. */
export const FormStack = styled.form`
  ${stack(4)}
  width: 100%;
`;

const ConfirmationBox = styled.div`
  &:focus {
    outline: none;
  }
  &:focus-visible > * {
    outline: 2px solid ${color.focus};
    outline-offset: 2px;
  }
`;

/**
 * The green confirmation that replaces a form once it has done its job. The form the user was in
 * disappears, so focus moves here on mount: screen readers announce the message and keyboard users
 * keep their place.
 */
export function FormConfirmation({ message }: { message: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <ConfirmationBox ref={ref} tabIndex={-1}>
      <Callout tone="success" icon={<CheckCircleIcon size={20} />}>
        {message}
      </Callout>
    </ConfirmationBox>
  );
}
