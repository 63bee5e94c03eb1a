"""练习: drills on the decisions that decide games, graded by the optimal strategy.

``themes`` says which positions drill which decision; ``draw`` draws a round of them from
simulated games; ``grade`` grades an answer against the advisor; ``views`` is the contract
(the API's response models and the command line's JSON).
"""
