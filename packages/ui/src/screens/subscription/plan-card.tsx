import { Badge } from '../../primitives/badge';
import { Button } from '../../primitives/button';
import { ButtonLinkGroup } from '../../primitives/button-link-group';
import { formatNumber, formatUsd } from '../../foundations/format/format';
import { CheckIcon, ExternalLinkIcon, InfoIcon } from '../../foundations/icons';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import {
  FeatureList,
  LimitList,
  PlanAction,
  PlanFrame,
  PlanTitle,
  Price,
  PriceContact,
  PriceUnit,
  PriceValue,
} from './subscription.styles';

/** The contract's Plan. */
export interface PlanItem {
  id: string;
  name: string;
  /** Whole US dollars per month; null: talk to sales. */
  price_usd_month: number | null;
  description: string;
  features: readonly string[];
  limits: {
    /** null: unlimited. */
    active_tuning_sessions: number | null;
    max_trials_per_session: number | null;
  };
}

export const CURRENT_PLAN_LABEL = 'Current plan';

export function planLimitLines(limits: PlanItem['limits']): string[] {
  const sessions = limits.active_tuning_sessions;
  const trials = limits.max_trials_per_session;
  return [
    sessions === null
      ? 'Unlimited active tuning sessions'
      : `Up to ${formatNumber(sessions)} active tuning ${sessions === 1 ? 'session' : 'sessions'}`,
    trials === null ? 'Unlimited trials per session' : `Up to ${formatNumber(trials)} trials per session`,
  ];
}

export interface PlanCardProps {
  plan: PlanItem;
  current: boolean;
  /** This plan's checkout is starting. */
  busy: boolean;
  /** Another plan's checkout is starting: no second one meanwhile. */
  disabled: boolean;
  onChoose: (planId: string) => void;
  /** Where 'Contact us' leads for plans without a price; without it, onChoose is called. */
  contactUsUrl?: string;
}

/** One plan: name, price per month (or 'Contact us'), what it includes, its limits, and the action. */
export function PlanCard({ plan, current, busy, disabled, onChoose, contactUsUrl }: PlanCardProps) {
  const priced = plan.price_usd_month !== null;
  let action;
  if (current) {
    action = (
      <Button variant="secondary" fullWidth disabled>
        Your current plan
      </Button>
    );
  } else if (!priced && contactUsUrl) {
    action = (
      <ButtonLinkGroup>
        <a href={contactUsUrl} target="_blank" rel="noopener noreferrer">
          Contact us
          <ExternalLinkIcon size={14} />
          <VisuallyHidden> about {plan.name} (opens in a new tab)</VisuallyHidden>
        </a>
      </ButtonLinkGroup>
    );
  } else {
    action = (
      <Button fullWidth busy={busy} disabled={disabled} onClick={() => onChoose(plan.id)}>
        {priced ? `Choose ${plan.name}` : 'Contact us'}
      </Button>
    );
  }

  return (
    <PlanFrame
      $current={current}
      title={
        <PlanTitle>
          {plan.name}
          {current ? (
            <Badge tone="accent" icon={<CheckIcon size={12} />}>
              {CURRENT_PLAN_LABEL}
            </Badge>
          ) : null}
        </PlanTitle>
      }
      description={plan.description}
      data-current={current || undefined}
    >
      <Price>
        {priced ? (
          <>
            <PriceValue>{formatUsd(plan.price_usd_month)}</PriceValue>
            <PriceUnit>/month</PriceUnit>
          </>
        ) : (
          <PriceContact>Contact us</PriceContact>
        )}
      </Price>
      <FeatureList aria-label={`${plan.name} features`}>
        {plan.features.map((feature) => (
          <li key={feature}>
            <CheckIcon size={14} />
            {feature}
          </li>
        ))}
      </FeatureList>
      <LimitList aria-label={`${plan.name} limits`}>
        {planLimitLines(plan.limits).map((line) => (
          <li key={line}>
            <InfoIcon size={14} />
            {line}
          </li>
        ))}
      </LimitList>
      <PlanAction>{action}</PlanAction>
    </PlanFrame>
  );
}
