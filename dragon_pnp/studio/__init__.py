"""The designer's studio: `dragon-pnp studio` serves a live preview of the kit in the browser.

Data flows as in a build: the game folder is watched, each save is rebuilt in this long-lived
process (loaded modules, render workers and the render cache stay warm), and the new page
images are pushed to the browser. `build_adapter` is the only module that calls the build;
the engine never imports anything from here.
"""
