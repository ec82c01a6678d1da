// imconfig_whence.h - Dear ImGui compile-time options for the Whence app
// (IMGUI_USER_CONFIG, see web/CMakeLists.txt).
#pragma once

// Big grids exceed 64k vertices per draw list, and WebGL has no base-vertex draw to split
// them: use 32-bit indices (WebGL2 draws them natively).
#define ImDrawIdx unsigned int

#define IMGUI_DISABLE_DEMO_WINDOWS
#define IMGUI_DISABLE_METRICS_WINDOW
#define IMGUI_DISABLE_OBSOLETE_FUNCTIONS
// The app reads no files: no imgui.ini, fonts come from memory. Keeps stdio out of the wasm.
#define IMGUI_DISABLE_FILE_FUNCTIONS
