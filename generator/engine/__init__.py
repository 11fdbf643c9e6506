"""The Dragon Pants rules engine. It knows nothing about drawing or printing."""
