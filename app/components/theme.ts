// Colours, spacing and sizes used across the app (spec §9 layout sizes included).
export const theme = {
  colour: {
    ink: "#17202a",
    muted: "#5b6675",
    line: "#d6dce4",
    surface: "#ffffff",
    page: "#f4f6f9",
    brand: "#0b6e4f",
    brandDark: "#085a40",
    brandSoft: "#e3f3ec",
    accent: "#f2a900",
    danger: "#b42318",
    dangerSoft: "#fdecea",
    info: "#1f5fa8",
    infoSoft: "#e8f0fb",
    focus: "#1f5fa8",
  },
  radius: "6px",
  drawerWidth: "42.5rem",
  settingsBlockWidth: "22.5rem",
  /** Fixed series palette for charts (spec §9). */
  series: ["#0b6e4f", "#f2a900", "#1f5fa8", "#b42318", "#7b3fa0", "#00838f", "#6d4c41", "#c2185b", "#455a64", "#8bc34a"],
} as const;
