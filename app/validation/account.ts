// Account forms: the same schemas validate the web forms (Conform) and the API.
import { z } from "zod";

export const email = z
  .string({ required_error: "Please enter your email address" })
  .trim()
  .toLowerCase()
  .min(1, "Please enter your email address")
  .max(254, "The email address should be 254 characters or less.")
  .email("Please enter a valid email address");

export const LoginSchema = z.object({
  email,
  password: z.string({ required_error: "Please enter your password" }).min(1, "Please enter your password"),
  redirectTo: z.string().optional(),
});

export const SignupSchema = z.object({
  email,
  fullName: z
    .string({ required_error: "Please enter your name" })
    .trim()
    .min(1, "Please enter your name")
    .max(100, "The name should be 100 characters or less."),
  companyName: z
    .string({ required_error: "Please enter your company name" })
    .trim()
    .min(1, "Please enter your company name")
    .max(100, "The company name should be 100 characters or less."),
  password: z
    .string({ required_error: "Please choose a password" })
    .min(10, "The password should be at least 10 characters.")
    .max(200, "The password should be 200 characters or less."),
});

export const ApiKeySchema = z.object({
  name: z
    .string({ required_error: "Please name the key" })
    .trim()
    .min(1, "Please name the key")
    .max(60, "The key name should be 60 characters or less."),
});
