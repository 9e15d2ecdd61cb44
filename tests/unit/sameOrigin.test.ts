// Cross-site form posts are refused; same-site posts and reads pass.
import { describe, expect, it, vi } from "vitest";
import type { Request, Response } from "express";
import { sameOriginPosts } from "../../api/http/sameOrigin.ts";

/** A request from `from`, to a server that trusts a proxy on 127.0.0.1 only (as `trust proxy` says). */
function run(method: string, headers: Record<string, string>, from = "203.0.113.9") {
  const trust = (address: string) => address === "127.0.0.1";
  const req = {
    method,
    get: (h: string) => headers[h.toLowerCase()],
    app: { get: (name: string) => (name === "trust proxy fn" ? trust : undefined) },
    socket: { remoteAddress: from },
  } as unknown as Request;
  const res = { status: vi.fn().mockReturnThis(), type: vi.fn().mockReturnThis(), send: vi.fn() };
  const next = vi.fn();
  sameOriginPosts(req, res as unknown as Response, next);
  return { passed: next.mock.calls.length === 1, status: res.status.mock.calls[0]?.[0] };
}

describe("same-origin posts", () => {
  it("lets reads through whatever their origin", () => {
    expect(run("GET", { host: "voltcast.example", origin: "https://evil.example" }).passed).toBe(true);
  });
  it("lets a post from the site itself through", () => {
    expect(
      run("POST", {
        host: "localhost:3000",
        origin: "http://localhost:3000",
        "sec-fetch-site": "same-origin",
      }).passed,
    ).toBe(true);
  });
  it("refuses a post from another site by Origin", () => {
    expect(run("POST", { host: "localhost:3000", origin: "https://evil.example" })).toEqual({
      passed: false,
      status: 403,
    });
  });
  it("refuses a post marked cross-site by the browser", () => {
    expect(run("POST", { host: "localhost:3000", "sec-fetch-site": "cross-site" })).toEqual({
      passed: false,
      status: 403,
    });
  });
  it("refuses an opaque origin with nothing else to go on", () => {
    expect(run("POST", { host: "localhost:3000", origin: "null" }).passed).toBe(false);
  });
  it("accepts an opaque origin the browser says is same-origin", () => {
    expect(
      run("POST", { host: "localhost:3000", origin: "null", "sec-fetch-site": "same-origin" }).passed,
    ).toBe(true);
  });
  it("reads X-Forwarded-Host only from a trusted proxy (issue 28, item 5)", () => {
    const post = {
      host: "10.0.0.5:3000",
      "x-forwarded-host": "evil.example",
      origin: "https://evil.example",
    };
    // From anyone else, the header is ignored: the Origin is compared with the Host it reached.
    expect(run("POST", post).passed).toBe(false);
    // From the trusted proxy, it names the host the browser addressed.
    expect(run("POST", post, "127.0.0.1").passed).toBe(true);
    expect(
      run(
        "POST",
        { host: "10.0.0.5:3000", "x-forwarded-host": "voltcast.example", origin: "https://voltcast.example" },
        "127.0.0.1",
      ).passed,
    ).toBe(true);
  });
});
