import type { ReactNode } from 'react';
import { MakoMark } from '../../foundations/icons';
import {
  Brand,
  CardArea,
  CardInner,
  LayoutRoot,
  Lede,
  Pitch,
  PromiseHeading,
  Proof,
  ProofArea,
  Proofs,
  ProofText,
  ProofValue,
} from './auth-layout.styles';

export interface ProofPoint {
  /** The number with its unit, short: "3 engines". */
  value: string;
  /** What it means, one line. */
  text: string;
}

export const DEFAULT_PROMISE = 'Find the fastest way to serve your model on your GPUs.';
export const DEFAULT_LEDE =
  'Benchmark and automatically tune vLLM, SGLang and TensorRT-LLM on your own hardware, then compare against everything published.';
export const DEFAULT_PROOF_POINTS: readonly ProofPoint[] = [
  { value: '3 engines', text: 'vLLM, SGLang and TensorRT-LLM, tuned through the same search.' },
  { value: '5 stats', text: 'Mean, p50, p90, p95 and p99 of TTFT, TPOT, ITL and end-to-end latency for every run.' },
  { value: '1 command', text: 'mako-runner benchmarks your endpoint and reports the results back.' },
];

export interface ProductPromiseProps {
  promise?: ReactNode;
  lede?: ReactNode;
}

/** The brand and the product promise in one line (the page's h1). */
export function ProductPromise({ promise = DEFAULT_PROMISE, lede = DEFAULT_LEDE }: ProductPromiseProps) {
  return (
    <>
      <Brand>
        <MakoMark size={24} />
        MakoOptimize
      </Brand>
      <div>
        <PromiseHeading>{promise}</PromiseHeading>
        {lede ? <Lede>{lede}</Lede> : null}
      </div>
    </>
  );
}

/** Three proof points with numbers. */
export function ProofPoints({ points = DEFAULT_PROOF_POINTS }: { points?: readonly ProofPoint[] }) {
  return (
    <Proofs>
      {points.map((point) => (
        <Proof key={point.value}>
          <ProofValue>{point.value}</ProofValue>
          <ProofText>{point.text}</ProofText>
        </Proof>
      ))}
    </Proofs>
  );
}

export interface AuthLayoutProps {
  /** Top left (top on phones): ProductPromise by default. */
  pitch?: ReactNode;
  /** Bottom left (below the card on phones): ProofPoints by default. */
  proof?: ReactNode;
  /** The card: the home screen's sign-up / log-in tabs, or the verify-e-mail and magic-link pages. */
  children: ReactNode;
}

/**
 * The login layout of SPEC §2, shared by /, /verify-email and /magic-link-login: the promise and
 * proof points on the left, the card on the right; stacked with the card second on small screens.
 */
export function AuthLayout({ pitch = <ProductPromise />, proof = <ProofPoints />, children }: AuthLayoutProps) {
  return (
    <LayoutRoot>
      <Pitch aria-label="About MakoOptimize">{pitch}</Pitch>
      <CardArea>
        <CardInner>{children}</CardInner>
      </CardArea>
      <ProofArea aria-label="Why MakoOptimize">{proof}</ProofArea>
    </LayoutRoot>
  );
}
