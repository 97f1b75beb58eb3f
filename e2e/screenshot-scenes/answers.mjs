// Answers of the business-question reader on the demo, light and dark, at 1440 and 375 px: a
// verb of selling read as revenue, a share of things meeting a condition, a ranking of the
// things the facts refer to. What they hold is asserted by packages/engine/test/understand and
// e2e/specs/answers.spec.ts; these are for looking at the cards.

const QUESTIONS = [
  ['sold', 'How much did we sell in 2025?'],
  ['share', 'What share of this year’s orders came in online?'],
  ['ranking', 'Which three customers spent the most last year?'],
];

export async function answersScene(kit) {
  const t = kit.session.token;
  const list = await kit.api('GET', '/api/copilot/onboarding/use_cases/v2', undefined, t);
  const retail = list.use_cases.find((u) => !u.is_deleted && u.use_case_name === 'Retail Sales');
  const threads = [];
  for (const [name, question] of QUESTIONS) {
    const reply = await kit.api(
      'POST',
      '/api/v1/conversations',
      { question, use_case_id: retail.use_case_id },
      t,
    );
    threads.push([name, reply.data.thread_id]);
  }
  for (const { theme, size, suffix } of kit.variants) {
    await kit.withPage({ theme, size, session: kit.session }, async (page) => {
      for (const [name, thread] of threads) {
        await page.goto(`/conversation/${thread}`);
        await page.getByRole('button', { name: 'Like' }).first().waitFor({ timeout: 30_000 });
        await page.waitForTimeout(800);
        await kit.shot(page, `answer-${name}-${suffix}`, true);
      }
    });
  }
}
