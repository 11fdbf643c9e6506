"""Report hooks for Dragon Line (placeholder until written)."""
def game_metrics(state): return {}
def hazards(state): return {}
def findings(game, summary): return []
def playtime_minutes(state): return None
