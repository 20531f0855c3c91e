export { SubscriptionPage, SUBSCRIPTION_TITLE } from './subscription-page';
export type { SubscriptionItem, SubscriptionPageProps } from './subscription-page';
export { PlanCard, CURRENT_PLAN_LABEL, planLimitLines } from './plan-card';
export type { PlanCardProps, PlanItem } from './plan-card';
export {
  PaymentCancelledPage,
  PaymentSuccessPage,
  PAYMENT_CANCELLED_TITLE,
  PAYMENT_SUCCESS_TITLE,
} from './payment-result';
export type { PaymentCancelledPageProps, PaymentLinks, PaymentSuccessPageProps } from './payment-result';
