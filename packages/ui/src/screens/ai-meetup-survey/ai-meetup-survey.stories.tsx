import preview from '../../../../../.storybook/preview';
import { expect, fn, within } from 'storybook/test';
import { TextLink } from '../../primitives/link';
import { phoneStory } from '../../../test/story-kit';
import { expectBusy } from '../../../test/story-kit-parts';
import { expectEmptySubmitRefused } from '../../../test/story-kit-screens';
import { AiMeetupSurvey } from './ai-meetup-survey';
import type { SurveyDraft } from './survey-fields';

const meta = preview.meta({
  title: 'Screens/Survey/AiMeetupSurvey',
  component: AiMeetupSurvey,
  args: { onSubmit: fn() },
});

const FILLED: SurveyDraft = {
  name: 'Ada',
  email: 'ada@example.com',
  role: 'platform-engineer',
  serving_engines: ['sglang', 'vllm'],
  gpus_in_production: '9-64',
  biggest_pain: 'Finding max_num_seqs for every new model.',
  wants_demo: true,
};

export const Idle = meta.story({
  tags: ['visual'],
  play: async ({ canvas, step }) => {
    await step('every question is labelled; name and e-mail are optional', async () => {
      await expect(canvas.getByRole('textbox', { name: 'Name (optional)' })).toHaveValue('');
      await expect(canvas.getByRole('textbox', { name: 'E-mail (optional)' })).toHaveAttribute('type', 'email');
      await expect(canvas.getByRole('combobox', { name: 'Your role' })).toHaveDisplayValue('Choose your role');
      await expect(canvas.getByRole('combobox', { name: 'GPUs serving models in production' })).toHaveDisplayValue(
        'Choose a range',
      );
      await expect(canvas.getByRole('group', { name: /Which serving engines do you run/ })).toBeVisible();
      await expect(canvas.getAllByRole('checkbox')).toHaveLength(6);
    });
  },
});

export const Invalid = meta.story({
  tags: ['visual'],
  play: async ({ canvas, args, step, userEvent }) => {
    await step('an empty submit names each required answer and focuses the first', () =>
      expectEmptySubmitRefused(canvas, userEvent, {
        submit: 'Send answers',
        callback: args.onSubmit,
        missing: ['Please choose your role', 'Please choose a range', 'Please tell us your biggest pain'],
        first: () => canvas.getByRole('combobox', { name: 'Your role' }),
      }),
    );
    await step("an empty e-mail is fine; a malformed one is 'Invalid email address'", async () => {
      await expect(canvas.queryByText('Invalid email address')).not.toBeInTheDocument();
      const email = canvas.getByRole('textbox', { name: 'E-mail (optional)' });
      await userEvent.type(email, 'ada@example');
      await userEvent.tab();
      await expect(canvas.getByText('Invalid email address')).toBeVisible();
      await expect(email).toHaveAttribute('aria-invalid', 'true');
    });
    await step('whitespace is not an answer', async () => {
      await userEvent.type(canvas.getByRole('textbox', { name: 'Your biggest pain in serving models' }), '   ');
      await userEvent.click(canvas.getByRole('button', { name: 'Send answers' }));
      await expect(canvas.getByText('Please tell us your biggest pain')).toBeVisible();
      await expect(canvas.getByRole('textbox', { name: 'E-mail (optional)' })).toHaveFocus();
      await expect(args.onSubmit).not.toHaveBeenCalled();
    });
  },
});

export const FillAndSubmit = meta.story({
  play: async ({ canvas, args, step, userEvent }) => {
    await step('a choice clears its error at once', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Send answers' }));
      await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Your role' }), 'platform-engineer');
      await expect(canvas.queryByText('Please choose your role')).not.toBeInTheDocument();
    });
    await step('the answers are sent as the contract’s SurveyResponseCreate', async () => {
      await userEvent.type(canvas.getByRole('textbox', { name: 'Name (optional)' }), ' Ada ');
      await userEvent.type(canvas.getByRole('textbox', { name: 'E-mail (optional)' }), 'ada@example.com');
      await userEvent.selectOptions(
        canvas.getByRole('combobox', { name: 'GPUs serving models in production' }),
        '9-64',
      );
      const engines = within(canvas.getByRole('group', { name: /Which serving engines/ }));
      await userEvent.click(engines.getByRole('checkbox', { name: 'SGLang' }));
      await userEvent.click(engines.getByRole('checkbox', { name: 'vLLM' }));
      await userEvent.click(engines.getByRole('checkbox', { name: 'Other' }));
      await userEvent.click(engines.getByRole('checkbox', { name: 'Other' }));
      await userEvent.type(
        canvas.getByRole('textbox', { name: 'Your biggest pain in serving models' }),
        'Finding max_num_seqs for every new model.',
      );
      await userEvent.click(canvas.getByRole('checkbox', { name: 'I would like a demo of MakoOptimize' }));
      await userEvent.click(canvas.getByRole('button', { name: 'Send answers' }));
      await expect(args.onSubmit).toHaveBeenCalledTimes(1);
      // The answers FILLED holds, trimmed; the engines in the list's order, not the order they were ticked.
      await expect(args.onSubmit).toHaveBeenCalledWith({ ...FILLED, serving_engines: ['vllm', 'sglang'] });
    });
  },
});

export const AnonymousAnswers = meta.story({
  args: { defaultValues: { role: 'researcher', gpus_in_production: 'none', biggest_pain: 'Cost.' } },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Send answers' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      name: '',
      email: '',
      role: 'researcher',
      serving_engines: [],
      gpus_in_production: 'none',
      biggest_pain: 'Cost.',
      wants_demo: false,
    });
  },
});

export const Submitting = meta.story({
  args: { busy: true, defaultValues: FILLED },
  play: async ({ canvas, args, userEvent }) => {
    await expectBusy(canvas.getByRole('button', { name: 'Send answers' }), userEvent, args.onSubmit);
  },
});

export const ServerError = meta.story({
  tags: ['visual'],
  args: { error: 'Too Many Requests', defaultValues: FILLED },
  play: async ({ canvas, args, step, userEvent }) => {
    await step('no stale error before sending', async () => {
      await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    });
    await step('after sending, the error shows and every answer stays', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Send answers' }));
      await expect(args.onSubmit).toHaveBeenCalledTimes(1);
      await expect(canvas.getByRole('alert')).toHaveTextContent('Too Many Requests');
      await expect(canvas.getByRole('textbox', { name: 'Your biggest pain in serving models' })).toHaveValue(
        FILLED.biggest_pain,
      );
      await expect(canvas.getByRole('checkbox', { name: 'SGLang' })).toBeChecked();
    });
  },
});

export const ThankYou = meta.story({
  tags: ['visual'],
  args: { completed: true, defaultValues: FILLED, thankYouActions: <TextLink href="/">Back to MakoOptimize</TextLink> },
  play: async ({ canvas, step }) => {
    await step('a thank-you replaces the form and takes focus', async () => {
      const status = canvas.getByRole('status');
      await expect(status).toHaveTextContent('Thank you! Your answers are in.');
      await expect(status).toHaveTextContent('We will be in touch about a demo.');
      await expect(canvas.queryByRole('form')).not.toBeInTheDocument();
      await expect(status.parentElement).toHaveFocus();
      await expect(canvas.getByRole('link', { name: 'Back to MakoOptimize' })).toHaveAttribute('href', '/');
    });
  },
});

export const Dark = meta.story({
  tags: ['visual'],
  globals: { theme: 'dark' },
  args: { defaultValues: FILLED },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: 'I would like a demo of MakoOptimize' })).toBeChecked();
  },
});

export const Mobile = meta.story({ tags: ['visual'], ...phoneStory() });
