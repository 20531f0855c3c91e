export { Field } from './field';
export type { FieldProps, FieldRenderProps } from './field';
export { controlStyles, ErrorText, FieldRoot, Hint, Label } from './field.styles';
export type { ControlStyleProps } from './field.styles';
