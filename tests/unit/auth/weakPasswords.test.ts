// Which new passwords are refused, and why (decision 0008, issue 28 item 4).
import { describe, expect, it } from "vitest";
import {
  COMMON_PASSWORD_MESSAGE,
  GUESSABLE_PASSWORD_MESSAGE,
  PUBLIC_PASSWORD_MESSAGE,
  weakPasswordMessage,
} from "../../../api/auth/weakPasswords.ts";

describe("weak passwords", () => {
  it("refuses the product's own public strings and well-known example passwords", () => {
    for (const p of ["voltcast-demo", "VOLTCAST DEMO", "my-voltcast-password", "correcthorsebatterystaple"])
      expect(weakPasswordMessage(p), p).toBe(PUBLIC_PASSWORD_MESSAGE);
  });

  it("refuses keyboard runs, sequences and a few common words, saying so", () => {
    for (const p of ["qwertyuiopas", "poiuytrewqlkj", "0123456789abcdef", "purple-elephant", "abcdefghijkl"])
      expect(weakPasswordMessage(p), p).toBe(GUESSABLE_PASSWORD_MESSAGE);
  });

  it("still refuses leaked passwords, with digits added, repeated patterns and the e-mail address", () => {
    for (const p of ["password1234", "Sunshine2024!", "abcabcabcabc", "1qaz2wsx3edc"])
      expect(weakPasswordMessage(p), p).toBe(COMMON_PASSWORD_MESSAGE);
    expect(weakPasswordMessage("someone@example.com", "someone@example.com")).toBe(COMMON_PASSWORD_MESSAGE);
  });

  it("accepts passphrases with a word of one's own, and random strings", () => {
    for (const p of [
      "a-long-enough-passphrase",
      "mountain-river-2024",
      "k8#Tq9!zW2pL",
      "battery-storage-forecast",
    ])
      expect(weakPasswordMessage(p), p).toBeNull();
  });
});
