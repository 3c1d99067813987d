import { afterEach, describe, expect, test, vi } from "vitest";
import { assertNodeVersion } from "./node-version.ts";

afterEach(() => vi.restoreAllMocks());

describe("Node version guard", () => {
  test("accepts 22.22 and newer", () => {
    const exit = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
    for (const version of ["22.22.0", "22.30.1", "24.21.0", "26.0.0"]) assertNodeVersion(version);
    expect(exit).not.toHaveBeenCalled();
  });

  test("refuses older versions with a message that says how to run the store", () => {
    const exit = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    assertNodeVersion("20.20.2");
    expect(exit).toHaveBeenCalledWith(1);
    expect(error.mock.calls[0][0]).toMatch(/needs Node 22\.22 or newer; this is Node 20\.20\.2/);
    assertNodeVersion("22.21.9");
    expect(exit).toHaveBeenCalledTimes(2);
  });
});
