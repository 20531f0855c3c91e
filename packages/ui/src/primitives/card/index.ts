export { Card } from './card';
export type { CardProps } from './card';
export type { CardPadding } from './card.styles';
