import styled from 'styled-components';
import { RUNNER_TOKEN_SCOPES, TOKEN_SCOPES, TOKEN_SCOPE_TEXT, type TokenScope } from '@mako/contract/vocabulary';
import { color, fontSize, lineHeight, stack } from '../../foundations/theme/design-tokens';
import { Checkbox } from '../../primitives/checkbox';
import type { ExtraCreateFields } from '../credential-manager/create-token-dialog';

/** What an API token's create form adds: its scopes. */
export interface TokenScopeValues {
  scopes: TokenScope[];
}

export const SCOPES_NEEDED = 'Choose at least one scope';
/** Said beside the scopes, so nobody looks for an "admin" box: no scope manages the account. */
export const ACCOUNT_NOTE =
  'No token can change your password, manage tokens, sign you out everywhere or change your plan: those need you signed in here.';

const Group = styled.fieldset`
  ${stack(2)}
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
`;

const Legend = styled.legend`
  font-weight: 600;
  margin-bottom: 4px;
`;

const Note = styled.p`
  font-size: ${fontSize.sm};
  line-height: ${lineHeight.normal};
  color: ${color.textMuted};
`;

const Problem = styled(Note)`
  color: ${color.danger};
`;

/** The create dialog's scope boxes, each saying what it allows; a runner's set is ticked to start with. */
export const SCOPES_FIELD: ExtraCreateFields<TokenScopeValues> = {
  initial: { scopes: [...RUNNER_TOKEN_SCOPES] },
  render: (values, onChange, disabled) => (
    <Group>
      <Legend>What it may do</Legend>
      {TOKEN_SCOPES.map((scope) => (
        <Checkbox
          key={scope}
          name="scopes"
          value={scope}
          label={<code>{scope}</code>}
          description={TOKEN_SCOPE_TEXT[scope]}
          checked={values.scopes.includes(scope)}
          disabled={disabled}
          onCheckedChange={(checked) =>
            onChange({
              // Kept in the vocabulary's order, whatever order they were ticked in.
              scopes: TOKEN_SCOPES.filter((s) => (s === scope ? checked : values.scopes.includes(s))),
            })
          }
        />
      ))}
      {values.scopes.length === 0 ? <Problem role="alert">{SCOPES_NEEDED}</Problem> : null}
      <Note>{ACCOUNT_NOTE}</Note>
    </Group>
  ),
  isValid: (values) => values.scopes.length > 0,
};
