// What a user reads about an unexpected failure never carries drizzle's SQL text and parameters.
import { describe, expect, it } from "vitest";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { failureText } from "../../api/http/failures.ts";

describe("failureText", () => {
  it("tells a wrapped database error by the database's own message, without the query", () => {
    const pgError = Object.assign(new Error('relation "dataset_downloads" does not exist'), {
      code: "42P01",
    });
    const wrapped = new DrizzleQueryError("select secret from users where email = $1", ["a@b.c"], pgError);
    expect(wrapped.message).toMatch(/Failed query/);
    expect(failureText(wrapped)).toBe('relation "dataset_downloads" does not exist');
  });

  it("keeps any other error's message", () => {
    expect(failureText(new Error("The zip is too large."))).toBe("The zip is too large.");
    expect(failureText("plain")).toBe("plain");
  });
});
