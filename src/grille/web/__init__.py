"""The game in the browser: a JSON API over the saved-games store, and the page that plays it.

- :mod:`grille.web.app`: :func:`~grille.web.app.create_app`, the FastAPI application (the
  API under ``/api``, described by OpenAPI at ``/api/openapi.json``; the page at ``/``).
- :mod:`grille.web.api`: the API's routes; :mod:`grille.web.models`: its request and
  response bodies; :mod:`grille.web.board`: a game's grid as the page draws it.
- :mod:`grille.web.games`: the live games, one lock each, every change stored before the
  answer; :mod:`grille.web.jobs`: puzzle generation in a thread pool.
- :mod:`grille.web.catalog`: the kinds, sizes and levels the page offers, and the size caps.
- :mod:`grille.web.limits`: the request-body cap; :mod:`grille.web.export`: SVG/PNG/PDF.
- :mod:`grille.web.server` runs it (``grille play``, :mod:`grille.web.commands`).

The page itself is plain HTML, CSS and JavaScript modules under ``static/``: no build step
and nothing fetched from the network.

Importing this package imports nothing heavy; FastAPI and uvicorn load with :mod:`app`.
"""
