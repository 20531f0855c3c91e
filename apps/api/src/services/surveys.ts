import { randomUUID } from 'node:crypto';
import type { SurveyResponseCreate } from '@mako/contract';
import type { z } from 'zod';
import { isoAt } from '../context.ts';
import type { Db } from '../db/database.ts';

/** Keeps a survey answer, with the user when one is signed in. */
export async function submitSurvey(
  db: Db,
  now: number,
  userId: string | null,
  answer: z.output<typeof SurveyResponseCreate>,
) {
  const id = randomUUID();
  const createdAt = isoAt(now);
  await db
    .insertInto('survey_responses')
    .values({
      id,
      user_id: userId,
      name: answer.name,
      email: answer.email,
      role: answer.role,
      serving_engines: JSON.stringify(answer.serving_engines),
      gpus_in_production: answer.gpus_in_production,
      biggest_pain: answer.biggest_pain,
      wants_demo: answer.wants_demo ? 1 : 0,
      created_at: createdAt,
    })
    .execute();
  return { id, created_at: createdAt };
}
