import type { ReactNode } from 'react';
import { defaultRenderLink } from '../../primitives/app-shell/app-shell';
import type { RenderLink, ShellLinkProps } from '../../primitives/app-shell/app-shell';
import { Badge } from '../../primitives/badge';
import { benchRunnerCommand, tuneRunnerCommand } from '../benchmark-common/runner-commands';
import { Button } from '../../primitives/button';
import { CopyField } from '../../primitives/copy-field';
import { LoadingErrorWrapper, statusLoadState } from '../error-views/loading-error-wrapper';
import type { LoadFailureProps } from '../error-views/loading-error-wrapper';
import { CheckIcon } from '../../foundations/icons';
import { ExternalLink } from '../../primitives/link';
import { Skeleton } from '../../primitives/skeleton';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import {
  Actions,
  Header,
  Lede,
  Marker,
  Meter,
  MeterFill,
  ProgressRow,
  ScreenRoot,
  SkeletonSteps,
  Step,
  StepBody,
  StepHead,
  StepText,
  StepTitle,
  Steps,
  Title,
} from './getting-started.styles';

export const GETTING_STARTED_TITLE = 'Get started with MakoOptimize';

export const GETTING_STARTED_STEPS = ['account', 'token', 'runner', 'benchmark', 'session'] as const;
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number];

/**
 * The runner ships as an npm package that this server hands out at /downloads/ (apps/runner's
 * build), so a GPU host with only Node installs it straight from here and is pointed back at the
 * same server's API.
 */
export function runnerInstallCommand(downloadUrl: string, apiUrl?: string | null): string {
  return [
    `npm install -g ${downloadUrl}`,
    ...(apiUrl ? [`export MAKO_API_URL=${apiUrl}`] : []),
    'mako-runner --version',
  ].join('\n');
}

export interface GettingStartedScreenProps extends LoadFailureProps {
  /** The state of whatever the app loads to know which steps are done; success by default. */
  status?: 'loading' | 'error' | 'success';

  /** The signed-in user's e-mail. */
  email: string;
  /** Steps already done. The account step always is: this page needs a signed-in user. */
  completedSteps?: readonly GettingStartedStep[];
  /** The site settings' docs_url; adds a link to the docs. */
  docsUrl?: string | null;
  /** The API base runners talk to (MAKO_API_URL); the runner's default is a local server. */
  apiUrl?: string | null;
  /** This server's address of the runner package, e.g. https://mako.example.com/downloads/mako-runner.tgz. */
  runnerDownloadUrl: string;
  /** The newest tuning session, so its tune command can be copied as it is. */
  sessionId?: string | null;

  /** "Create API token": opens the token dialog (or the Tokens page). */
  onCreateToken: () => void;
  /** "New tuning session": opens the create-session dialog (or the sessions page). */
  onCreateSession: () => void;
  tokensHref?: string;
  benchmarksHref?: string;
  sessionsHref?: string;
  /** Renders internal links; apps/web passes its router Link. */
  renderLink?: RenderLink;
  /** A command was copied, with the step it belongs to. */
  onCopyCommand?: (command: string, step: GettingStartedStep) => void;
  /** Render the title as this screen's h1; turn off when the AppShell's top bar shows it. */
  showTitle?: boolean;
}

interface StepContent {
  id: GettingStartedStep;
  title: string;
  text: ReactNode;
  command?: string;
  commandLabel?: string;
  actions?: ReactNode;
}

/**
 * 'Get started with MakoOptimize': account → API token → runner → first benchmark → first tuning
 * session. Done steps say so in words and with a check; every step has its command to copy.
 */
export function GettingStartedScreen({
  status = 'success',
  error,
  onRetry,
  retrying,
  email,
  completedSteps = [],
  docsUrl,
  apiUrl,
  runnerDownloadUrl,
  sessionId,
  onCreateToken,
  onCreateSession,
  tokensHref = '/tokens/',
  benchmarksHref = '/single-benchmarks',
  sessionsHref = '/tuning-sessions',
  renderLink = defaultRenderLink,
  onCopyCommand,
  showTitle = true,
}: GettingStartedScreenProps) {
  const done = new Set<GettingStartedStep>(['account', ...completedSteps]);
  const next = GETTING_STARTED_STEPS.find((step) => !done.has(step));
  const doneCount = GETTING_STARTED_STEPS.filter((step) => done.has(step)).length;
  /** A step's own action, the primary button while it is the next step, and the page its results are on. */
  const stepActions = (step: GettingStartedStep, label: string, onClick: () => void, link: ShellLinkProps) => (
    <>
      <Button variant={next === step ? 'primary' : 'secondary'} onClick={onClick}>
        {label}
      </Button>
      {renderLink(link)}
    </>
  );

  const steps: StepContent[] = [
    {
      id: 'account',
      title: 'Create your account',
      text: (
        <>
          Signed in as <strong>{email}</strong>.
        </>
      ),
      actions: docsUrl ? (
        <ExternalLink href={docsUrl} showIcon>
          Read the docs
        </ExternalLink>
      ) : undefined,
    },
    {
      id: 'token',
      title: 'Create an API token',
      text: 'Runners report to MakoOptimize with an API token. Keep it in the environment rather than on the command line, where it shows up in ps.',
      command: 'export MAKO_TOKEN=mako_…',
      commandLabel: 'Then, in the shell of your GPU machine',
      actions: stepActions('token', 'Create API token', onCreateToken, { href: tokensHref, children: 'Manage tokens' }),
    },
    {
      id: 'runner',
      title: 'Install the runner',
      text: 'mako-runner benchmarks an OpenAI-compatible endpoint and works through tuning sessions. Install it next to your GPUs: it needs Node 20 or later and nothing else, and reports to this server.',
      command: runnerInstallCommand(runnerDownloadUrl, apiUrl),
      commandLabel: 'Install',
    },
    {
      id: 'benchmark',
      title: 'Run your first benchmark',
      text: 'Serve a model with vLLM, SGLang or TensorRT-LLM, then point the runner at it. --post uploads the result with its setting; nothing is uploaded without it.',
      command: benchRunnerCommand({ model: 'meta-llama/Llama-3.1-8B-Instruct', hardware: '1x H100' }),
      commandLabel: 'Benchmark your endpoint',
      actions: renderLink({ href: benchmarksHref, children: 'See your benchmarks' }),
    },
    {
      id: 'session',
      title: 'Start your first tuning session',
      text: 'Choose the model, hardware, objective and the engine options to search. Each runner then leases a configuration, starts the engine with it, benchmarks it and reports back, until the budget is spent.',
      command: tuneRunnerCommand(sessionId ?? undefined),
      commandLabel: sessionId ? 'Work on your session' : 'Work on a session',
      actions: stepActions('session', 'New tuning session', onCreateSession, {
        href: sessionsHref,
        children: 'Open tuning sessions',
      }),
    },
  ];

  return (
    <ScreenRoot>
      <Header>
        {showTitle ? <Title>{GETTING_STARTED_TITLE}</Title> : null}
        <Lede>Five steps from an account to a tuned serving configuration.</Lede>
      </Header>
      <LoadingErrorWrapper
        {...statusLoadState(status, { error, onRetry, retrying })}
        loadingLabel="Loading your progress"
        skeleton={
          <SkeletonSteps>
            {GETTING_STARTED_STEPS.map((step) => (
              <Skeleton key={step} height={72} />
            ))}
          </SkeletonSteps>
        }
      >
        <ProgressRow>
          <Meter aria-hidden="true">
            <MeterFill $share={doneCount / GETTING_STARTED_STEPS.length} />
          </Meter>
          <span>
            {doneCount} of {GETTING_STARTED_STEPS.length} steps done
          </span>
        </ProgressRow>
        <Steps aria-label="Steps">
          {steps.map((step, index) => {
            const isDone = done.has(step.id);
            const isNext = step.id === next;
            return (
              <Step key={step.id} aria-current={isNext ? 'step' : undefined} data-step={step.id}>
                <Marker $done={isDone} $next={isNext} aria-hidden="true">
                  {isDone ? <CheckIcon size={16} /> : index + 1}
                </Marker>
                <StepBody>
                  <StepHead>
                    <StepTitle>
                      <VisuallyHidden>Step {index + 1}: </VisuallyHidden>
                      {step.title}
                    </StepTitle>
                    {isDone ? (
                      <Badge tone="success" icon={<CheckIcon size={12} />}>
                        Done
                      </Badge>
                    ) : isNext ? (
                      <Badge tone="accent">Up next</Badge>
                    ) : null}
                  </StepHead>
                  <StepText>{step.text}</StepText>
                  {step.command ? (
                    <CopyField
                      label={step.commandLabel ?? 'Command'}
                      value={step.command}
                      multiline
                      onCopy={(command) => onCopyCommand?.(command, step.id)}
                    />
                  ) : null}
                  {step.actions ? <Actions>{step.actions}</Actions> : null}
                </StepBody>
              </Step>
            );
          })}
        </Steps>
      </LoadingErrorWrapper>
    </ScreenRoot>
  );
}
