export {
  AuthLayout,
  DEFAULT_LEDE,
  DEFAULT_PROMISE,
  DEFAULT_PROOF_POINTS,
  ProductPromise,
  ProofPoints,
} from './auth-layout';
export type { AuthLayoutProps, ProductPromiseProps, ProofPoint } from './auth-layout';
