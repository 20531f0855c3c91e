/** The page titles of SPEC §2, word for word; the app shell's h1 and the document title. */
export const TITLES = {
  home: 'MakoOptimize',
  tokens: 'MAKO Optimize Tokens',
  subscription: 'Subscription - Choose Your Plan',
  serveRequests: 'MAKO Serve Requests',
  gettingStarted: 'Get started with MakoOptimize',
  dockerhub: 'Dockerhub Tokens',
  security: 'Sign-in and security',
  bestSetupReport: 'Best-setup report',
  planner: 'Capacity planner',
  benchmarks: 'Search benchmarks',
  compareBenchmarks: 'Compare benchmarks',
  paymentSuccess: 'Payment Successful - Welcome to Pro!',
  paymentCancelled: 'Payment Cancelled',
  tuningSessions: 'Tuning sessions',
  singleBenchmarks: 'Single benchmarks',
  roi: 'ROI calculator',
  survey: 'AI meetup survey',
  verifyEmail: 'Confirm your e-mail',
  magicLinkLogin: 'Log in',
} as const;

interface ModelOnHardware {
  ml_model_name: string;
  hardware_config: { count: number; name: string };
}

const hardware = ({ hardware_config: { count, name } }: ModelOnHardware) => `${count}x ${name}`;

/** '{model name} tuning session on {count}x {hardware name}' */
export const tuningSessionTitle = (setting: ModelOnHardware) =>
  `${setting.ml_model_name} tuning session on ${hardware(setting)}`;

/** '{model name} benchmarks on {count}x {hardware name}' */
export const benchmarkSettingTitle = (setting: ModelOnHardware) =>
  `${setting.ml_model_name} benchmarks on ${hardware(setting)}`;

/** 'Sweep of {model name}': a load sweep's page (the screen shows its own heading). */
export const sweepTitle = (sweep: { setting: { ml_model_name: string } }) => `Sweep of ${sweep.setting.ml_model_name}`;
