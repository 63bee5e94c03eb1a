// The fullscreen button of the top bar: the game area in or out of fullscreen.

// Keep the button's name and icon right however fullscreen is entered or left (Esc included).
export function listenFullscreen(ui) {
  document.addEventListener("fullscreenchange", () => ui.setFullscreen(Boolean(document.fullscreenElement)));
}

// Enter or leave fullscreen for the game area.
export function toggleFullscreen(ui) {
  if (document.fullscreenElement) {
    document.exitFullscreen().catch(() => {});
    return;
  }
  const app = ui.app;
  if (!app.requestFullscreen) {
    ui.message("这个浏览器不支持全屏");
    return;
  }
  app.requestFullscreen().catch(() => ui.message("浏览器没有允许全屏"));
}
