import { useId } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { CardActions, CardDescription, CardFooter, CardHeader, CardHeading, CardRoot, CardTitle } from './card.styles';
import type { CardPadding } from './card.styles';

export interface CardProps extends Omit<ComponentPropsWithRef<'section'>, 'title'> {
  /** The card's heading; it also names the section for assistive technology. */
  title?: ReactNode;
  /** h2 by default; pick the level that fits the page outline. */
  headingLevel?: 2 | 3 | 4;
  description?: ReactNode;
  /** Buttons in the header, right-aligned. */
  actions?: ReactNode;
  footer?: ReactNode;
  /** sm 12 px, md 20 px (default), lg 24 px, none for edge-to-edge tables. */
  padding?: CardPadding;
  tone?: 'default' | 'sunken';
}

/** A hairline-bordered surface that groups one topic. */
export function Card({
  title,
  headingLevel = 2,
  description,
  actions,
  footer,
  padding = 'md',
  tone = 'default',
  children,
  ...rest
}: CardProps) {
  const titleId = useId();
  const hasHeader = Boolean(title || description || actions);
  return (
    <CardRoot $padding={padding} $tone={tone} aria-labelledby={title ? titleId : undefined} {...rest}>
      {hasHeader ? (
        <CardHeader>
          <CardHeading>
            {title ? (
              <CardTitle as={`h${headingLevel}`} id={titleId}>
                {title}
              </CardTitle>
            ) : null}
            {description ? <CardDescription>{description}</CardDescription> : null}
          </CardHeading>
          {actions ? <CardActions>{actions}</CardActions> : null}
        </CardHeader>
      ) : null}
      {children}
      {footer ? <CardFooter>{footer}</CardFooter> : null}
    </CardRoot>
  );
}
