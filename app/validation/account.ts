// Account forms: the same schemas validate the web forms (Conform) and the API.
import { z } from "zod";

export const email = z
  .string({ required_error: "Please enter your email address" })
  .trim()
  .toLowerCase()
  .min(1, "Please enter your email address")
  .max(254, "The email address should be 254 characters or less.")
  .email("Please enter a valid email address");

/** Text that is stored: no NUL or other control characters (PostgreSQL refuses NUL). */
// eslint-disable-next-line no-control-regex -- control characters are what is refused
const noControl = (v: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v);
const CONTROL_MESSAGE = "Please use letters, digits and punctuation only.";

export const PASSWORD_MIN_LENGTH = 12;

/** A new password: long enough (the API also refuses common passwords, decision 0008). */
export const newPassword = z
  .string({ required_error: "Please choose a password" })
  .min(PASSWORD_MIN_LENGTH, `The password should be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(200, "The password should be 200 characters or less.");

export const LoginSchema = z.object({
  email,
  password: z
    .string({ required_error: "Please enter your password" })
    .min(1, "Please enter your password")
    .max(1000, "Please enter your password"),
  redirectTo: z.string().max(2000).optional(),
});

export const SignupSchema = z.object({
  email,
  fullName: z
    .string({ required_error: "Please enter your name" })
    .trim()
    .min(1, "Please enter your name")
    .max(100, "The name should be 100 characters or less.")
    .refine(noControl, CONTROL_MESSAGE),
  companyName: z
    .string({ required_error: "Please enter your company name" })
    .trim()
    .min(1, "Please enter your company name")
    .max(100, "The company name should be 100 characters or less.")
    .refine(noControl, CONTROL_MESSAGE),
  password: newPassword,
});

export const PasswordChangeSchema = z.object({
  currentPassword: z
    .string({ required_error: "Please enter your current password" })
    .min(1, "Please enter your current password")
    .max(1000),
  newPassword,
  /** Keep the account's API keys working: by default a password change revokes them (issue 28, item 2). */
  keepApiKeys: z.boolean().optional(),
});

export const PasswordResetRequestSchema = z.object({ email });

export const PasswordResetSchema = z.object({
  token: z.string({ required_error: "This link is not valid." }).min(1).max(200),
  password: newPassword,
});

export const API_KEY_SCOPES = ["read", "run"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: "Read data, runs and files",
  run: "Create runs, drafts and downloads",
};
/** Expiry choices offered for a new key, in days ("" = never). */
export const API_KEY_EXPIRY_DAYS = [30, 90, 365] as const;

export const ApiKeySchema = z.object({
  name: z
    .string({ required_error: "Please name the key" })
    .trim()
    .min(1, "Please name the key")
    .max(60, "The key name should be 60 characters or less.")
    .refine(noControl, CONTROL_MESSAGE),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { message: "Choose read and/or run" }), {
      required_error: "Choose at least one scope",
    })
    .min(1, "Choose at least one scope"),
  expiresInDays: z.coerce
    .number()
    .int()
    .refine((d) => (API_KEY_EXPIRY_DAYS as readonly number[]).includes(d), "Choose 30, 90 or 365 days")
    .optional(),
});

export const InvitationSchema = z.object({ email });

export const EmailDomainSchema = z.object({
  emailDomain: z
    .string()
    .trim()
    .toLowerCase()
    .max(253, "The domain should be 253 characters or less.")
    .regex(/^([a-z0-9-]+\.)+[a-z]{2,}$/, "Please enter a domain such as example.com")
    .optional(),
});
