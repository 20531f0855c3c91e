import styled from 'styled-components';
import { color, font, fontSize, lineHeight, numeric, splitRow, stack } from '../../foundations/theme/design-tokens';
import { Subsection } from '../../primitives/screen-layout';

export const Toolbar = styled.div`
  ${splitRow(3)}
`;

export const Mono = styled.code`
  ${numeric}
  font-size: ${fontSize.sm};
  white-space: nowrap;
`;

export const Muted = styled.span`
  color: ${color.textMuted};
`;

export const FormStack = styled.form`
  ${stack(4)}
`;

export const SecretStack = styled.div`
  ${stack(4)}
  min-width: 0;
`;

export const UsageText = styled.p`
  font-size: ${fontSize.sm};
  color: ${color.textMuted};
  line-height: ${lineHeight.normal};

  code {
    font-family: ${font.mono};
    font-size: ${fontSize.xs};
    color: ${color.text};
  }
`;

/** How to use a new secret: a subsection the dialog names for assistive technology. */
export const UsageSection = styled(Subsection).attrs({ as: 'section' })``;

export {
  IntroParagraph as Intro,
  ScreenRoot as PageRoot,
  SubsectionTitle as UsageHeading,
} from '../../primitives/screen-layout';
