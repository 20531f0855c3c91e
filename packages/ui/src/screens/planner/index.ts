export { PlannerScreen } from './planner-screen';
export type { PlannerScreenProps, PlannerStatus } from './planner-screen';
export { PLANNER_TITLE } from './planner-format';
export type { PlanCandidateData, PlanData, PlanRequestData } from './planner-format';
