export {
  GETTING_STARTED_STEPS,
  GETTING_STARTED_TITLE,
  GettingStartedScreen,
  runnerInstallCommand,
} from './getting-started';
export type { GettingStartedScreenProps, GettingStartedStep } from './getting-started';
