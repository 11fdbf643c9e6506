"""`dragon-pnp build`: run the build steps into a temporary folder and swap it in at the end."""
