"""Display (placeholder while the first version is written)."""
from .cards import card_svg, hand_svg, trick_svg
__all__ = ["card_svg", "hand_svg", "trick_svg"]
