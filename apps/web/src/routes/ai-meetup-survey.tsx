import { Link, createFileRoute } from '@tanstack/react-router';
import { useSubmitSurveyMutation } from '@mako/api-client';
import { AiMeetupSurvey, AuthLayout, Card } from '@mako/ui';
import { pageHead } from '../lib/page-titles/page-title.ts';
import { TITLES } from '../lib/page-titles/titles.ts';

/**
 * The meetup survey: open to anyone (a signed-in answer is linked to its account by the bearer
 * token the client sends when there is one), in the login layout.
 */
export const Route = createFileRoute('/ai-meetup-survey')({
  head: () => pageHead(TITLES.survey),
  component: SurveyPage,
});

function SurveyPage() {
  const submit = useSubmitSurveyMutation();
  return (
    <AuthLayout>
      <Card padding="lg">
        <AiMeetupSurvey
          onSubmit={(values) => submit.mutate(values)}
          busy={submit.isPending}
          error={submit.error ? submit.error.message : null}
          completed={submit.isSuccess}
          thankYouActions={<Link to="/">See what MakoOptimize does</Link>}
        />
      </Card>
    </AuthLayout>
  );
}
