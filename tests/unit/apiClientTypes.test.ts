// The web app's API client is typed end to end from the API's description (decision 0031): a path,
// parameter, body or answer that the description does not have is a compile error (`npx tsc`
// checks the @ts-expect-error lines below: each must still be an error).
import { describe, expectTypeOf, it } from "vitest";
import type { ApiAnswer, ApiClient } from "../../app/services/api.server.ts";

declare const api: ApiClient;

describe("the typed API client", () => {
  it("types answers from the description", () => {
    expectTypeOf<ApiAnswer<"get", "/users/me">["capabilities"]["forecasts"]["regions"]>().toEqualTypeOf<
      ("GB" | "ERCOT" | "NEM" | "DE" | "ES")[]
    >();
    expectTypeOf<ApiAnswer<"delete", "/users/me/api-keys/{id}">>().toEqualTypeOf<void>();
  });

  it("refuses what the description does not have", () => {
    const never = () => {
      // @ts-expect-error: no such path
      void api.GET("/users/you");
      // @ts-expect-error: the path parameter is required
      void api.GET("/forecast/run-library/{id}/");
      // @ts-expect-error: a query the path does not take the type of
      void api.GET("/forecast/run-library/", { params: { query: { limit: "ten" } } });
      // @ts-expect-error: the body lacks forecastRunsId
      void api.POST("/forecast/run-library/zip-archives/", { body: { fullName: "A" } });
      // @ts-expect-error: GET has no body and answers no `nope`
      void api.GET("/users/me").then((me) => me.nope);
    };
    expectTypeOf(never).toBeFunction();
  });
});
