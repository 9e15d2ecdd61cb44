// Small building blocks: buttons, links styled as buttons, page headings, notices.
import styled, { css } from "styled-components";
import { Link } from "@remix-run/react";
import { theme } from "./theme.ts";

const buttonStyle = css<{ $variant?: "primary" | "secondary" | "danger" | "link" }>`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  padding: 0.55rem 1rem;
  border-radius: ${theme.radius};
  border: 1px solid ${theme.colour.brand};
  background: ${theme.colour.brand};
  color: #fff;
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  &:hover {
    background: ${theme.colour.brandDark};
  }
  &:disabled,
  &[aria-disabled="true"] {
    opacity: 0.5;
    cursor: not-allowed;
  }
  ${(p) =>
    p.$variant === "secondary" &&
    css`
      background: #fff;
      color: ${theme.colour.brand};
      &:hover {
        background: ${theme.colour.brandSoft};
      }
    `}
  ${(p) =>
    p.$variant === "danger" &&
    css`
      background: ${theme.colour.danger};
      border-color: ${theme.colour.danger};
      &:hover {
        background: #8f1c13;
      }
    `}
  ${(p) =>
    p.$variant === "link" &&
    css`
      background: none;
      border: none;
      color: ${theme.colour.info};
      padding: 0;
      font-weight: 500;
      text-decoration: underline;
      &:hover {
        background: none;
      }
    `}
`;

export const Button = styled.button<{ $variant?: "primary" | "secondary" | "danger" | "link" }>`
  ${buttonStyle}
`;
export const ButtonLink = styled(Link)<{ $variant?: "primary" | "secondary" | "danger" | "link" }>`
  ${buttonStyle}
`;

export const Page = styled.div`
  max-width: 72rem;
  margin: 0 auto;
  padding: 1.5rem 1.25rem 3rem;
`;

export const Narrow = styled(Page)`
  max-width: 28rem;
`;

export const Card = styled.div`
  background: ${theme.colour.surface};
  border: 1px solid ${theme.colour.line};
  border-radius: ${theme.radius};
  padding: 1.25rem;
`;

export const Muted = styled.p`
  color: ${theme.colour.muted};
`;

export const Notice = styled.div<{ $tone?: "info" | "danger" | "success" }>`
  padding: 0.75rem 1rem;
  border-radius: ${theme.radius};
  margin: 0.75rem 0;
  background: ${(p) =>
    p.$tone === "danger"
      ? theme.colour.dangerSoft
      : p.$tone === "success"
        ? theme.colour.brandSoft
        : theme.colour.infoSoft};
  color: ${(p) =>
    p.$tone === "danger"
      ? theme.colour.danger
      : p.$tone === "success"
        ? theme.colour.brandDark
        : theme.colour.info};
  border: 1px solid currentColor;
`;

/** What the last post said (a flashed status after its redirect) and an error of this answer. */
export function PageNotices({
  status,
  error,
}: {
  status?: { tone: "success" | "danger"; text: string } | null;
  error?: string | null;
}) {
  return (
    <>
      {status ? (
        <Notice role="status" $tone={status.tone}>
          {status.text}
        </Notice>
      ) : null}
      {error ? (
        <Notice role="alert" $tone="danger">
          {error}
        </Notice>
      ) : null}
    </>
  );
}

/** Links shown as pills, the current one filled: a page's views (years shown, units, strategy). */
export const PillTabs = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-bottom: 0.75rem;
  a {
    padding: 0.3rem 0.75rem;
    border: 1px solid ${theme.colour.line};
    border-radius: 999px;
    text-decoration: none;
    color: ${theme.colour.ink};
    background: #fff;
  }
  a[aria-current="page"] {
    background: ${theme.colour.brand};
    border-color: ${theme.colour.brand};
    color: #fff;
  }
`;

export const Badge = styled.span<{ $tone?: "lock" | "ok" | "info" | "synthetic" }>`
  display: inline-block;
  padding: 0.1rem 0.5rem;
  border-radius: 999px;
  font-size: 0.8rem;
  font-weight: 600;
  background: ${(p) =>
    p.$tone === "lock"
      ? "#fff4e0"
      : p.$tone === "ok"
        ? theme.colour.brandSoft
        : p.$tone === "synthetic"
          ? "#f3e8fb"
          : theme.colour.infoSoft};
  color: ${(p) =>
    p.$tone === "lock"
      ? "#8a5a00"
      : p.$tone === "ok"
        ? theme.colour.brandDark
        : p.$tone === "synthetic"
          ? "#6a2f8f"
          : theme.colour.info};
`;
