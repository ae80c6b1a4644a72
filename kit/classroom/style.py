"""The classroom's look: one style sheet that makes the app fill the screen of a projector.

The board picture scales with the window and keeps its aspect ratio (``max-height`` in
``vh`` on the image, ``object-fit: contain``); the page margins Voila and Jupyter add
around an output are taken away, so at 1280x720 the board, the caption and the step
controls all fit without scrolling. Type grows with the window height, the step line and
"what to watch for" too.

The side panel is a column as tall as the window under the top bar: its controls are a
little tighter than the big buttons under the board, and what may grow long (the gallery,
the move list, the rules) scrolls inside a bounded box of its own (``kit-fill``), so what
must be clicked or read stays on the screen. Disabled controls are greyed, with a
not-allowed pointer.
"""
from __future__ import annotations

#: Height kept free for everything that is not the board: the top bar, the step line, the
#: question line, the controls and the message line below it (each grows with the window).
CHROME = "(20px + 20.5vh)"

#: Font size and height of controls: readable and easy to hit from a lectern at any screen size.
FONT = "clamp(15px, 2.1vh, 26px)"
HEIGHT = "clamp(38px, 5.2vh, 58px)"

#: Height of the side panel's controls: tighter, so that a whole panel fits beside the board.
SIDE = "clamp(31px, 4.3vh, 48px)"

#: Type in the side panel: at least 18 px at 1280x720, read from the back of the room.
SIDE_FONT = "clamp(18px, 2.5vh, 30px)"

#: The side panel's width: wide enough for a demonstration's title in one line of that type.
SIDE_WIDTH = "clamp(300px, 23.4vw, 520px)"

#: The width of what a game shows beside its board (the players, their reserves and the key, the
#: live game's buttons): the key in two columns of the side panel's type; what is left of the row
#: beside a board as tall as the window allows (at 1280x720 the picture keeps its size).
BESIDE = "clamp(300px, 27vw, 460px)"

#: The side panel's height, and the live game's: the window under the top bar.
SIDE_HEIGHT = f"calc(100vh - {HEIGHT} - 1.2vh - 32px)"

#: The class's row under the top bar (its tally, close / show answers, class games) on a class's
#: projector: one row of controls, taken from the board's and the side panels' height (the body's
#: margin under the top bar goes to it).
CLASS_ROW = f"({SIDE} - 0.6vh)"

CSS = f"""
<style>
body {{ margin: 0; }}
body.jp-LabShell #rendered_cells, #rendered_cells main, .voila-container {{ padding: 0 !important; margin: 0 !important; }}
#rendered_cells .jp-Cell, #rendered_cells .jp-Cell-outputWrapper, #rendered_cells .jp-OutputArea-child,
#rendered_cells .jp-OutputArea-output {{ padding: 0 !important; margin: 0 !important; }}
#rendered_cells .jp-OutputPrompt, #rendered_cells .jp-OutputArea-prompt {{ display: none !important; }}
.kit-classroom {{ box-sizing: border-box; width: 100%; padding: 0.6vh 8px 0 8px; font-size: {FONT}; }}
.kit-classroom .kit-topbar {{ align-items: center; gap: 12px; flex-wrap: wrap; }}
.kit-classroom .kit-topbar .widget-toggle-button, .kit-classroom .kit-big,
.kit-classroom .kit-side .widget-toggle-button {{ font-size: {FONT}; height: {HEIGHT}; }}
.kit-classroom .kit-topbar .widget-toggle-button {{ width: auto !important; min-width: 7em; padding: 0 0.8em; }}
.kit-classroom .kit-title {{ font-size: calc({FONT} * 1.15); font-weight: bold; margin-right: 8px; }}
.kit-classroom .kit-title .widget-html-content {{ line-height: 1.2; }}
.kit-classroom .kit-body {{ gap: 10px; align-items: flex-start; flex-wrap: nowrap; margin-top: 0.6vh; }}
.kit-classroom .kit-side {{ flex: 0 0 {SIDE_WIDTH}; max-width: {SIDE_WIDTH}; height: {SIDE_HEIGHT};
  overflow-y: auto; overflow-x: hidden; font-size: {SIDE_FONT}; }}
.kit-classroom .kit-side .widget-html-content, .kit-classroom .kit-side .widget-label {{ font-size: {SIDE_FONT};
  line-height: 1.3; }}
.kit-classroom .kit-main > *, .kit-classroom .kit-stage > *, .kit-classroom .kit-live > *,
.kit-classroom .kit-picture-row > *, .kit-classroom .kit-side > *, .kit-classroom .kit-side .widget-textarea {{
  margin-left: 0; margin-right: 0; }}
.kit-classroom .kit-side .widget-hbox, .kit-classroom .kit-tools, .kit-classroom .kit-tools .widget-box {{
  overflow: visible; }}
.kit-classroom .kit-side .widget-toggle-buttons {{ flex-wrap: wrap; height: auto; }}
.kit-classroom .kit-side .widget-vbox > *, .kit-classroom .kit-side.widget-vbox > * {{ flex-shrink: 0; }}
.kit-classroom .kit-side .kit-column {{ flex: 1 1 auto; min-height: 0; }}
.kit-classroom .kit-side .kit-seat-help {{ display: none; }}
.kit-classroom .kit-side .kit-fill {{ flex: 1 1 auto; min-height: calc({SIDE} * 1.6); overflow-y: auto;
  border: 1px solid #b8c4ce; border-radius: 4px; box-sizing: border-box; }}
.kit-classroom .kit-side .kit-fill.widget-select {{ height: auto; width: 100%; display: flex;
  flex-direction: column; }}
.kit-classroom .kit-side .kit-fill.widget-select select {{ flex: 1 1 auto; min-height: 0; height: auto; width: 100%;
  border: none; }}
.kit-classroom .kit-rules .widget-html-content {{ max-height: 40vh; overflow-y: auto; }}
.kit-classroom .kit-side .kit-setup-panel {{ flex: 1 0 auto; }}
.kit-classroom .kit-side .kit-message {{ flex: 0 1 auto; min-height: 2.7em; margin-top: 4px; overflow-y: auto; }}
.kit-classroom .kit-side .kit-message .widget-html-content {{ font-size: {SIDE_FONT}; line-height: 1.3; text-align: left;
  background: #f3f3f3; border-left: 5px solid #888; padding: 0.25em 0.5em; white-space: normal; }}
.kit-classroom .kit-side .kit-message .widget-html-content:empty {{ background: none; border: none; }}
.kit-classroom .kit-side .kit-message .widget-html-content span {{ font-size: 1em !important; }}
.kit-classroom .kit-messages-beside > .kit-message {{ display: none; }}
.kit-classroom .kit-side .widget-html, .kit-classroom .kit-side .widget-html-content {{ white-space: normal;
  max-width: 100%; }}
.kit-classroom .kit-live .widget-button, .kit-classroom .kit-live .widget-checkbox {{ font-size: {FONT};
  height: {HEIGHT}; }}
.kit-classroom .kit-live .widget-html-content {{ font-size: {FONT}; }}
.kit-classroom .kit-live .widget-checkbox label {{ font-size: {FONT}; }}
.kit-classroom .kit-side .widget-checkbox label {{ font-size: {SIDE_FONT}; }}
.kit-classroom .kit-live .widget-checkbox input, .kit-classroom .kit-side .widget-checkbox input {{
  width: calc({FONT} * 1.1); height: calc({FONT} * 1.1); }}
.kit-classroom .kit-live .kit-preview, .kit-classroom .kit-live .kit-preview .widget-html-content {{
  font-size: calc({FONT} * 1.15); line-height: 1.3; min-height: 1.3em; text-align: center; width: 100%; }}
.kit-classroom .kit-tally {{ font-size: calc({FONT} * 1.1); font-weight: bold; margin-top: 4px; }}
.kit-classroom .kit-main {{ flex: 1 1 auto; min-width: 0; align-items: center; }}
.kit-classroom .kit-side .kit-gallery .widget-button {{ width: 100%; height: auto; min-height: calc({SIDE} * 0.75);
  white-space: normal; text-align: left; font-size: {SIDE_FONT}; line-height: 1.1; padding: 0.02em 0.5em; margin: 1px 0;
  flex-shrink: 0; scroll-snap-align: start; }}
.kit-classroom .kit-gallery {{ padding: 1px 3px; scroll-snap-type: y proximity; }}
.kit-classroom .kit-note {{ width: 100%; margin: 0 0 6px 0; position: sticky; top: 0; z-index: 3;
  background: white; font-size: {SIDE_FONT}; }}
.kit-classroom .kit-note .widget-html-content {{ font-size: {SIDE_FONT}; line-height: 1.3; background: #e8f1f8;
  border-left: 5px solid #0072b2; padding: 0.35em 0.6em; white-space: normal; }}
.kit-classroom .kit-stage .kit-board-view {{ max-height: calc(100vh - {CHROME}); width: 100%;
  object-fit: contain; cursor: pointer; }}
.kit-classroom .kit-live {{ height: {SIDE_HEIGHT}; flex-wrap: nowrap; }}
.kit-classroom .kit-class-row {{ flex-wrap: nowrap; align-items: center; gap: 8px; height: {SIDE};
  margin-top: 0; overflow: hidden; }}
.kit-classroom.kit-with-class .kit-body {{ margin-top: 0; }}
.kit-classroom .kit-class-row .kit-big {{ height: {SIDE}; }}
.kit-classroom .kit-class-row .kit-class-bar {{ flex-wrap: nowrap; align-items: center; }}
.kit-classroom.kit-with-class .kit-side, .kit-classroom.kit-with-class .kit-live {{
  height: calc(100vh - {HEIGHT} - 1.2vh - 32px - {CLASS_ROW}); }}
.kit-classroom.kit-with-class .kit-stage .kit-board-view {{ max-height: calc(100vh - {CHROME} - {CLASS_ROW}); }}
.kit-classroom .kit-live > * {{ flex-shrink: 0; }}
.kit-classroom .kit-live > .kit-two-lines {{ min-height: calc({FONT} * 2.7) !important; }}
.kit-classroom .kit-live > .kit-board-view {{ flex: 0 1 auto; min-height: 0; height: auto; width: 100%;
  object-fit: contain; }}
.kit-classroom .kit-live > .kit-picture-row {{ flex: 1 1 0; min-height: 0; }}
.kit-classroom .kit-picture-row {{ width: 100%; justify-content: center; align-items: flex-start; gap: 12px;
  flex-wrap: nowrap; }}
.kit-classroom .kit-with-beside .kit-board-view {{ width: auto !important; max-width: 100%; min-width: 0;
  flex: 0 1 auto; }}
.kit-classroom .kit-live .kit-with-beside .kit-board-view {{ height: 100%; max-height: 100%; margin-top: 0;
  margin-bottom: 0; }}
.kit-classroom .kit-side .widget-toggle-buttons .widget-toggle-button {{ width: auto !important; min-width: 2.4em;
  padding: 0 0.55em; }}
.kit-classroom .kit-beside {{ width: {BESIDE}; }}
.kit-classroom .kit-beside-column {{ flex: 0 0 auto; width: {BESIDE}; overflow: visible; }}
.kit-classroom .kit-beside-column > * {{ margin-left: 0; margin-right: 0; }}
.kit-classroom .kit-beside-column .kit-prompt, .kit-classroom .kit-beside-column .kit-prompt .widget-html-content {{
  text-align: left; white-space: normal; margin-top: 0.4em; font-size: max({SIDE_FONT}, calc({FONT} * 1.15)); }}
.kit-classroom .kit-beside .widget-html-content {{ font-size: {SIDE_FONT}; line-height: 1.3; white-space: normal; }}
.kit-classroom .kit-beside .kit-player {{ margin-bottom: 0.3em; }}
.kit-classroom .kit-beside .kit-reserve {{ padding-left: 1.3em; }}
.kit-classroom .kit-beside .kit-key {{ margin-top: 0.3em; font-size: {SIDE_FONT}; line-height: 1.2; display: grid;
  grid-template-columns: repeat(auto-fill, minmax(8.9em, 1fr)); column-gap: 0.3em; }}
.kit-classroom .kit-beside .kit-key > b {{ grid-column: 1 / -1; }}
.kit-classroom .kit-beside .kit-key > div {{ white-space: nowrap; }}
.kit-classroom .kit-live > .kit-live-status .widget-html-content {{ font-size: {SIDE_FONT}; }}
.kit-classroom small {{ font-size: 1em; color: #444; }}
.kit-classroom .kit-tools {{ flex: 0 0 auto; width: {BESIDE}; }}
.kit-classroom .kit-tools .kit-beside {{ width: 100%; }}
.kit-classroom .kit-tools .widget-hbox {{ flex-direction: column; align-items: stretch; }}
.kit-classroom .kit-tools .widget-button {{ width: 100%; margin: 1px 0; font-size: {SIDE_FONT}; }}
.kit-classroom .kit-tools .widget-checkbox .widget-label-basic, .kit-classroom .kit-tools .widget-checkbox label {{
  font-size: {SIDE_FONT}; }}
.kit-classroom .kit-side .widget-dropdown, .kit-classroom .kit-side .widget-dropdown select,
.kit-classroom .kit-side .widget-text, .kit-classroom .kit-side .widget-text input,
.kit-classroom .kit-side .widget-button, .kit-classroom .kit-side .widget-checkbox,
.kit-classroom .kit-side .widget-textarea textarea, .kit-classroom .kit-side .widget-label,
.kit-classroom .kit-side .widget-select select, .kit-classroom .kit-side .widget-inline-hbox .widget-label,
.kit-classroom .kit-side .widget-toggle-button {{ font-size: {SIDE_FONT}; }}
.kit-classroom .kit-side .widget-textarea textarea {{ font: max(11px, calc({FONT} * 0.72)) / 1.25 monospace;
  word-break: break-all; }}
.kit-classroom .kit-side .kit-fill.widget-textarea {{ display: flex; flex-direction: column; height: auto; border: none;
  min-height: calc({SIDE} * 2.2); }}
.kit-classroom .kit-side .kit-fill.widget-textarea textarea {{ flex: 1 1 auto; min-height: 0; height: auto; }}
.kit-classroom .kit-tools .widget-button {{ height: {SIDE}; }}
.kit-classroom .kit-tools .widget-checkbox {{ height: auto; margin: 2px 0; }}
.kit-classroom .kit-side .widget-dropdown, .kit-classroom .kit-side .widget-dropdown select,
.kit-classroom .kit-side .widget-text, .kit-classroom .kit-side .widget-text input,
.kit-classroom .kit-side .widget-button, .kit-classroom .kit-side .widget-toggle-button,
.kit-classroom .kit-side .kit-big.widget-button {{ height: {SIDE}; }}
.kit-classroom .kit-side .widget-button, .kit-classroom .kit-side .widget-toggle-button {{ margin-top: 1px;
  margin-bottom: 2px; }}
.kit-classroom .kit-side .widget-button.mod-info {{ height: auto; min-height: {SIDE}; white-space: normal;
  line-height: 1.2; padding: 0.15em 0.5em; width: 100%; }}
.kit-classroom .kit-side .widget-dropdown, .kit-classroom .kit-side .widget-text {{ width: 100% !important;
  max-width: 100%; }}
.kit-classroom .kit-side .kit-inline {{ flex-wrap: nowrap; align-items: center; }}
.kit-classroom .kit-side .kit-inline .widget-dropdown {{ width: auto !important; flex: 1 1 auto; min-width: 0; }}
.kit-classroom .kit-prompt, .kit-classroom .kit-prompt .widget-html-content {{ font-size: calc({FONT} * 1.15);
  line-height: 1.3; width: 100%; text-align: center; }}
.kit-classroom .kit-where, .kit-classroom .kit-where .widget-html-content,
.kit-classroom .kit-where .widget-html-content span {{ font-size: {FONT}; line-height: 1.2; }}
.kit-classroom .kit-controls {{ align-items: center; gap: 6px; flex-wrap: wrap; justify-content: center; }}
.kit-classroom .kit-controls .widget-play button, .kit-classroom .kit-controls .widget-play .jupyter-button {{
  font-size: {FONT}; height: {HEIGHT}; min-width: calc({HEIGHT} * 1.3); }}
.kit-classroom .kit-big.widget-button, .kit-classroom .kit-big.widget-toggle-button {{ padding: 0 0.8em;
  width: auto; }}
.kit-classroom button:disabled, .kit-classroom .jupyter-button:disabled,
.kit-classroom .jupyter-button.mod-disabled, .kit-classroom select:disabled, .kit-classroom input:disabled,
.kit-classroom textarea:disabled {{ opacity: 0.35 !important; filter: grayscale(1); cursor: not-allowed !important;
  box-shadow: none !important; }}
.kit-sr-only {{ position: absolute !important; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; }}
</style>
"""
