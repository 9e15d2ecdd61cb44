import { describe, expect, it } from "vitest";
import { safeRedirect } from "../../app/services/redirects.server.ts";

describe("safeRedirect (issue 18 item 3)", () => {
  it("keeps paths on this site, with their query and fragment", () => {
    expect(safeRedirect("/profile")).toBe("/profile");
    expect(safeRedirect("/forecasts?region=GB#top")).toBe("/forecasts?region=GB#top");
    expect(safeRedirect("/library/downloads", "/library")).toBe("/library/downloads");
    // Dot segments are resolved; what is left is still a local path.
    expect(safeRedirect("/library/./databooks")).toBe("/library/databooks");
    expect(safeRedirect("/a/../profile")).toBe("/profile");
  });

  it("sends anything that a browser could read as another site to the fallback", () => {
    for (const evil of [
      "/\\evil.example/x",
      "/\\/evil.example",
      "//evil.example",
      "///evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      // Normalised by the URL parser into "//evil.example…" (issue 28, item 1).
      "/.//evil.example/phish",
      "/..//evil.example/phish",
      "/a/..//evil.example",
      "/%2e//evil.example",
      "/././/evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "evil.example",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirect(evil as string, "/home"), JSON.stringify(evil)).toBe("/home");
    }
  });
});
