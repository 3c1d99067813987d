import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { questions, questionTopics } from "../../db/schema/content.ts";
import { openTestDatabase } from "../catalog/test-database.ts";
import { findQuestion, listQuestions, listQuestionTopics } from "./questions.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  const [pumps, filters] = await handle.db
    .insert(questionTopics)
    .values([
      { handle: "pumps", title: "Pumps", position: 1 },
      { handle: "filters", title: "Filters", position: 2 },
    ])
    .returning({ id: questionTopics.id });
  await handle.db.insert(questions).values([
    { displayableId: "1001", handle: "a", title: "A", topicId: pumps.id, isPublished: true, answerHtml: "<p>Yes.</p>" },
    { displayableId: "1008", handle: "b", title: "B", topicId: pumps.id, isPublished: true },
    { displayableId: "1015", handle: "c", title: "C", topicId: pumps.id, isPublished: false },
    { displayableId: "1022", handle: "d", title: "D", topicId: filters.id, isPublished: true },
  ]);
}, 180_000);
afterAll(() => handle?.close());

describe("questions", () => {
  test("topics count their published questions", async () => {
    const topics = await listQuestionTopics(handle.db);
    expect(topics.map((topic) => [topic.handle, topic.questionCount])).toEqual([
      ["pumps", 2],
      ["filters", 1],
    ]);
  });

  test("lists only published questions, by topic when asked", async () => {
    const all = await listQuestions(handle.db, { limit: 10 });
    expect(all.pageInfo.totalObjects).toBe(3);
    const [pumps] = await listQuestionTopics(handle.db);
    const onePage = await listQuestions(handle.db, { topicId: pumps.id, limit: 1 });
    expect(onePage.questions).toHaveLength(1);
    expect(onePage.pageInfo).toMatchObject({ totalObjects: 2, totalPages: 2 });
  });

  test("a single question with its answer; drafts are not found", async () => {
    expect(await findQuestion(handle.db, "1001")).toMatchObject({
      title: "A",
      answerPreview: "Yes.",
      topic: { handle: "pumps" },
    });
    expect(await findQuestion(handle.db, "1015")).toBeNull();
  });
});
