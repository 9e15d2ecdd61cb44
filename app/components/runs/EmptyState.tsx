// The run list's two empty states (spec §2), with their exact texts.
import styled from "styled-components";
import { ButtonLink, Card, Muted } from "../ui.tsx";

const Box = styled(Card)`
  text-align: center;
  padding: 2.5rem 1rem;
  h2 {
    margin: 0 0 0.5rem;
  }
`;

export const CONTACT_US_HREF = "mailto:support@voltcast.local?subject=Forecast%20runs";

export function RunsEmptyState({ filtered }: { filtered: boolean }) {
  if (filtered) {
    return (
      <Box role="status">
        <h2>No results</h2>
        <Muted>Sorry, no runs match your filter settings</Muted>
        <ButtonLink to={CONTACT_US_HREF} reloadDocument $variant="secondary">
          Contact us
        </ButtonLink>
      </Box>
    );
  }
  return (
    <Box role="status">
      <h2>Ooops!</h2>
      <Muted>Looks like there is nothing matching your request</Muted>
    </Box>
  );
}
