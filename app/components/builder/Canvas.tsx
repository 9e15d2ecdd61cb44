// The modelling canvas: settings blocks on a board. With JavaScript the board pans (drag, arrow keys)
// and zooms (wheel, +/− buttons); without it, the blocks are a plain list. Each block links to its
// drawer (`&drawer=<kind>`), a right-hand panel with its own form.
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useNavigate } from "@remix-run/react";
import styled from "styled-components";
import { theme } from "../theme.ts";
import { Summary, useHydrated } from "./ui.tsx";

export interface BlockData {
  kind: string;
  title: string;
  href: string;
  summary: { label: string; value: string }[];
  complete: boolean;
  /** Board position in rem. */
  x: number;
  y: number;
}

const BlockBox = styled.article<{ $board: boolean; $active: boolean }>`
  width: ${theme.settingsBlockWidth};
  max-width: 100%;
  background: #fff;
  border: 2px solid ${(p) => (p.$active ? theme.colour.brand : theme.colour.line)};
  border-radius: 10px;
  padding: 0.9rem 1rem;
  box-shadow: 0 2px 8px rgba(23, 32, 42, 0.08);
  ${(p) => (p.$board ? "position: absolute;" : "margin-bottom: 1rem;")}
  h3 {
    margin: 0 0 0.5rem;
    font-size: 1.05rem;
    display: flex;
    justify-content: space-between;
    gap: 0.5rem;
  }
  h3 a {
    color: inherit;
    text-decoration: none;
  }
  h3 a::after {
    content: "";
    position: absolute;
    inset: 0;
  }
  &:focus-within {
    outline: 3px solid ${theme.colour.focus};
    outline-offset: 2px;
  }
  position: ${(p) => (p.$board ? "absolute" : "relative")};
`;

const State = styled.span<{ $ok: boolean }>`
  font-size: 0.78rem;
  font-weight: 600;
  border-radius: 999px;
  padding: 0.1rem 0.5rem;
  background: ${(p) => (p.$ok ? theme.colour.brandSoft : "#fff4e0")};
  color: ${(p) => (p.$ok ? theme.colour.brandDark : "#7a4f00")};
  white-space: nowrap;
`;

export function SettingsBlock({
  block,
  board,
  active,
}: {
  block: BlockData;
  board: boolean;
  active: boolean;
}) {
  return (
    <BlockBox
      $board={board}
      $active={active}
      style={board ? { left: `${block.x}rem`, top: `${block.y}rem` } : undefined}
      aria-labelledby={`block-${block.kind}`}
      data-block={block.kind}
    >
      <h3>
        <Link id={`block-${block.kind}`} to={block.href} preventScrollReset>
          {block.title}
        </Link>
        <State $ok={block.complete}>{block.complete ? "Complete" : "To complete"}</State>
      </h3>
      {block.summary.length ? (
        <Summary>
          {block.summary.map((s) => (
            <div key={s.label} style={{ display: "contents" }}>
              <dt>{s.label}</dt>
              <dd>{s.value}</dd>
            </div>
          ))}
        </Summary>
      ) : (
        <p style={{ margin: 0, color: theme.colour.muted }}>Nothing set yet.</p>
      )}
    </BlockBox>
  );
}

const Viewport = styled.div<{ $height: string }>`
  position: relative;
  overflow: hidden;
  height: ${(p) => p.$height};
  min-height: 24rem;
  border: 1px solid ${theme.colour.line};
  border-radius: 10px;
  background-color: #f8fafc;
  background-image: radial-gradient(${theme.colour.line} 1px, transparent 1px);
  background-size: 20px 20px;
  cursor: grab;
  touch-action: none;
  &[data-dragging="true"] {
    cursor: grabbing;
  }
`;

const Plane = styled.div`
  position: absolute;
  left: 0;
  top: 0;
  width: 80rem;
  height: 50rem;
  transform-origin: 0 0;
`;

const Zoom = styled.div`
  position: absolute;
  right: 0.75rem;
  bottom: 0.75rem;
  display: flex;
  gap: 0.3rem;
  z-index: 2;
  button {
    width: 2.2rem;
    height: 2.2rem;
    border-radius: 6px;
    border: 1px solid ${theme.colour.line};
    background: #fff;
    font-size: 1.1rem;
    cursor: pointer;
  }
`;

const List = styled.ol`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${theme.settingsBlockWidth}), 1fr));
  gap: 0 1rem;
`;

export function Canvas({
  blocks,
  activeKind,
  height = "calc(100vh - 15rem)",
  children,
}: {
  blocks: BlockData[];
  activeKind?: string;
  height?: string;
  children?: ReactNode;
}) {
  const hydrated = useHydrated();
  const [view, setView] = useState({ x: 16, y: 16, scale: 1 });
  const drag = useRef<{ x: number; y: number; vx: number; vy: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const zoomBy = useCallback(
    (factor: number) =>
      setView((v) => ({ ...v, scale: Math.min(2, Math.max(0.4, +(v.scale * factor).toFixed(3))) })),
    [],
  );

  if (!hydrated) {
    return (
      <section aria-label="Settings blocks">
        <List>
          {blocks.map((b) => (
            <li key={b.kind}>
              <SettingsBlock block={b} board={false} active={b.kind === activeKind} />
            </li>
          ))}
        </List>
        {children}
      </section>
    );
  }
  return (
    <section aria-label="Settings blocks">
      <Viewport
        $height={height}
        data-testid="canvas-board"
        data-scale={view.scale}
        data-dragging={dragging}
        tabIndex={0}
        aria-label="Canvas: drag or use the arrow keys to move, + and − to zoom"
        onPointerDown={(e) => {
          if ((e.target as HTMLElement).closest("a,button,input,select")) return;
          drag.current = { x: e.clientX, y: e.clientY, vx: view.x, vy: view.y };
          setDragging(true);
          (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
        }}
        onPointerMove={(e) => {
          const d = drag.current;
          if (!d) return;
          setView((v) => ({ ...v, x: d.vx + e.clientX - d.x, y: d.vy + e.clientY - d.y }));
        }}
        onPointerUp={() => {
          drag.current = null;
          setDragging(false);
        }}
        onWheel={(e) => zoomBy(e.deltaY < 0 ? 1.1 : 1 / 1.1)}
        onKeyDown={(e) => {
          if (e.target !== e.currentTarget) return;
          const step = 40;
          const moves: Record<string, [number, number]> = {
            ArrowLeft: [step, 0],
            ArrowRight: [-step, 0],
            ArrowUp: [0, step],
            ArrowDown: [0, -step],
          };
          if (moves[e.key]) {
            e.preventDefault();
            setView((v) => ({ ...v, x: v.x + moves[e.key][0], y: v.y + moves[e.key][1] }));
          } else if (e.key === "+" || e.key === "=") zoomBy(1.1);
          else if (e.key === "-") zoomBy(1 / 1.1);
        }}
      >
        <Plane style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}>
          {blocks.map((b) => (
            <SettingsBlock key={b.kind} block={b} board active={b.kind === activeKind} />
          ))}
        </Plane>
        <Zoom>
          <button type="button" aria-label="Zoom in" onClick={() => zoomBy(1.2)}>
            +
          </button>
          <button type="button" aria-label="Zoom out" onClick={() => zoomBy(1 / 1.2)}>
            −
          </button>
          <button type="button" aria-label="Reset view" onClick={() => setView({ x: 16, y: 16, scale: 1 })}>
            ⟲
          </button>
        </Zoom>
      </Viewport>
      {children}
    </section>
  );
}

// ── Drawer ───────────────────────────────────────────────────────────────────────────────────

const Panel = styled.aside`
  position: fixed;
  top: 0;
  right: 0;
  bottom: 0;
  width: min(${theme.drawerWidth}, 100vw);
  background: #fff;
  box-shadow: -12px 0 30px rgba(0, 0, 0, 0.18);
  z-index: 40;
  display: flex;
  flex-direction: column;
  header {
    padding: 1.25rem 1.5rem 0.5rem;
    border-bottom: 1px solid ${theme.colour.line};
  }
  header h2 {
    margin: 0 0 0.25rem;
  }
  header p {
    margin: 0 0 0.75rem;
    color: ${theme.colour.muted};
  }
  .body {
    padding: 1rem 1.5rem;
    overflow: auto;
    flex: 1;
  }
`;

export const DrawerFooter = styled.div`
  position: sticky;
  bottom: -1rem;
  background: #fff;
  padding: 0.75rem 0;
  display: flex;
  justify-content: flex-end;
  gap: 0.5rem;
  border-top: 1px solid ${theme.colour.line};
  margin-top: 1rem;
`;

export function Drawer({
  kind,
  title,
  description,
  children,
  closeHref,
}: {
  kind: string;
  title: string;
  description?: string;
  children: ReactNode;
  /** Where Escape goes (the canvas without the drawer), with JavaScript. */
  closeHref?: string;
}) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!closeHref) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !e.defaultPrevented)
        navigate(closeHref, { replace: true, preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [closeHref, navigate]);
  return (
    <Panel role="dialog" aria-modal="false" aria-labelledby={`drawer-${kind}-title`} data-drawer={kind}>
      <header>
        <h2 id={`drawer-${kind}-title`}>{title}</h2>
        {description ? <p>{description}</p> : null}
      </header>
      <div className="body">{children}</div>
    </Panel>
  );
}
