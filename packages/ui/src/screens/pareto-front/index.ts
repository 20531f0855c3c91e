export { ParetoFront } from './pareto-front';
export type { ParetoFrontProps } from './pareto-front';
